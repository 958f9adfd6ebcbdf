import { foldLookAlikes } from './look-alikes.ts';
import { decodeEncodedSpans, type DecodedSpan } from './encoded-spans.ts';

export type { DecodedSpan } from './encoded-spans.ts';

/** A string as the safety layers read it. */
export interface NormalizedText {
  /** NFKC, invisible characters removed, hidden tag characters made visible, look-alike letters folded. */
  text: string;
  /** Spans of `text` that were base64, hex or percent-encoded, with what they decode to (itself normalised). */
  decoded: DecodedSpan[];
}

// Zero-width characters, joiners, bidi controls and isolates, the soft hyphen, the BOM and other invisibles
// that split a word without showing: "ig\u200Bnore" must read as "ignore".
const invisible = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]/g;
// Unicode tag characters (U+E0020–U+E007E) mirror ASCII invisibly; they are used to smuggle instructions.
const tagCharacters = /\uDB40[\uDC20-\uDC7E]/g;
// Plain printable ASCII needs none of the Unicode steps.
const plainAscii = /^[\x20-\x7E\t\n\r]*$/;

/**
 * Normalises one string for scanning. What the model sees is the same text with the same steps applied,
 * so a layer's findings line up with the text that goes on.
 */
export function normalizeText(raw: string, depth = 0): NormalizedText {
  const text = plainAscii.test(raw) ? raw : normalizeUnicode(raw);
  return { text, decoded: depth < 2 ? decodeEncodedSpans(text, (decoded) => normalizeText(decoded, depth + 1)) : [] };
}

function normalizeUnicode(raw: string): string {
  const visible = raw.replace(tagCharacters, (pair) => String.fromCharCode(pair.charCodeAt(1) - 0xdc00)).replace(invisible, '');
  return foldLookAlikes(visible.normalize('NFKC'));
}

/** Every text a scanner should read for one string: the string itself and each decoded span, recursively. */
export function scanTexts(normalized: NormalizedText): string[] {
  if (normalized.decoded.length === 0) return [normalized.text];
  const texts = [normalized.text];
  for (const span of normalized.decoded) texts.push(...scanTexts(span.content));
  return texts;
}
