import type { NormalizedText } from '../../text/normalize-text.ts';
import { encodedNumbers } from './encoded-numbers.ts';
import { findPii } from './find-pii.ts';
import type { PiiType } from './pii-finding.ts';
import { valueKey } from './redaction.ts';

/** A finding with its value in comparable form; the value itself is not kept. */
export interface KeyedFinding {
  type: PiiType;
  score: number;
  key: string;
}

export interface LocatedFinding extends KeyedFinding {
  start: number;
  end: number;
}

/** An encoded span of the text (base64, hex, …) whose decoded content holds PII. */
export interface EncodedFinding {
  start: number;
  end: number;
  findings: KeyedFinding[];
}

export interface TextPii {
  /** Findings in the text itself. */
  direct: LocatedFinding[];
  /** Encoded spans hiding PII that the text itself does not show; each is replaced whole. */
  encoded: EncodedFinding[];
}

/**
 * The PII of a normalised string: in its text, in what each encoded span decodes to (recursively), and in
 * base64 runs that decode to a number the shared decoder passed over.
 */
export function scanNormalized(normalized: NormalizedText): TextPii {
  const { text } = normalized;
  const direct = findPii(text).map(({ type, start, end, score }) => ({ type, start, end, score, key: valueKey(type, text.slice(start, end)) }));
  const encoded: EncodedFinding[] = [];
  for (const span of normalized.decoded) {
    const inner = scanNormalized(span.content);
    // A percent-encoded URL decodes to text that includes its plain parts: what is visible already counts.
    const visible = new Set(direct.filter((finding) => finding.start < span.end && span.start < finding.end).map(identity));
    const seen = new Set<string>();
    const hidden = [...inner.direct, ...inner.encoded.flatMap((nested) => nested.findings)].flatMap((finding) => {
      const id = identity(finding);
      if (visible.has(id) || seen.has(id)) return [];
      seen.add(id);
      return [{ type: finding.type, score: finding.score, key: finding.key }];
    });
    if (hidden.length > 0) encoded.push({ start: span.start, end: span.end, findings: hidden });
  }
  for (const { start, end, decoded } of encodedNumbers(text, normalized.decoded)) {
    const findings = findPii(decoded).map((finding) => ({ type: finding.type, score: finding.score, key: valueKey(finding.type, decoded.slice(finding.start, finding.end)) }));
    if (findings.length > 0) encoded.push({ start, end, findings });
  }
  return { direct, encoded: encoded.length > 1 ? withoutRepeats(encoded) : encoded };
}

function identity(finding: KeyedFinding): string {
  return `${finding.type}\u0000${finding.key}`;
}

/** Encoded spans that overlap (one text read as base64 and as hex) become one, and a value they share counts once. */
function withoutRepeats(encoded: EncodedFinding[]): EncodedFinding[] {
  const merged: EncodedFinding[] = [];
  for (const span of [...encoded].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last === undefined || span.start >= last.end) {
      merged.push({ ...span });
      continue;
    }
    last.end = Math.max(last.end, span.end);
    const counted = new Set(last.findings.map(identity));
    last.findings = [...last.findings, ...span.findings.filter((finding) => !counted.has(identity(finding)))];
  }
  return merged;
}
