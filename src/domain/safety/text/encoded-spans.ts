import type { NormalizedText } from './normalize-text.ts';

/** A part of a string that was encoded, and the text it decodes to. */
export interface DecodedSpan {
  start: number;
  end: number;
  encoding: 'base64' | 'hex' | 'percent' | 'entities';
  content: NormalizedText;
}

// Candidates are deliberately strict, so ordinary identifiers, card numbers and hashes are not "decoded".
const base64Candidate = /[A-Za-z0-9+/_-]{16,}={0,2}/g;
const hexCandidate = /(?:\\x[0-9a-fA-F]{2}){4,}|\b[0-9a-fA-F]{16,}\b/g;
const percentCandidate = /[^\s%]*(?:%[0-9A-Fa-f]{2}[^\s%]*){3,}/g;
const entitiesCandidate = /(?:&#(?:x[0-9a-fA-F]{1,6}|\d{1,7});[^&\s]{0,3}){3,}/g;
const quickCheck = /%[0-9A-Fa-f]{2}|&#|\\x/;

/**
 * Finds base64, hex, percent-encoded and HTML-entity spans whose decoded form is readable text, so that an
 * instruction or a card number hidden in an encoding is scanned like any other text.
 */
export function decodeEncodedSpans(text: string, normalize: (decoded: string) => NormalizedText): DecodedSpan[] {
  if (!quickCheck.test(text) && !hasLongRun(text)) return [];
  const spans: DecodedSpan[] = [];
  const add = (start: number, end: number, encoding: DecodedSpan['encoding'], decoded: string | undefined) => {
    if (decoded !== undefined && readable(decoded)) spans.push({ start, end, encoding, content: normalize(decoded) });
  };
  for (const match of text.matchAll(base64Candidate)) add(match.index, match.index + match[0].length, 'base64', decodeBase64(match[0]));
  for (const match of text.matchAll(hexCandidate)) add(match.index, match.index + match[0].length, 'hex', decodeHex(match[0]));
  for (const match of text.matchAll(percentCandidate)) add(match.index, match.index + match[0].length, 'percent', decodePercent(match[0]));
  for (const match of text.matchAll(entitiesCandidate)) add(match.index, match.index + match[0].length, 'entities', decodeEntities(match[0]));
  return spans;
}

/** Whether the text has 16 or more base64 characters in a row; a loop, because the regex backtracks. */
function hasLongRun(text: string): boolean {
  let run = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const base64 = (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 43 || code === 47 || code === 95 || code === 45;
    run = base64 ? run + 1 : 0;
    if (run >= 16) return true;
  }
  return false;
}

function decodeBase64(candidate: string): string | undefined {
  // Plain words, digit runs (card and phone numbers) and single-case tokens are almost never base64 text.
  if (!/[0-9+/=_-]/.test(candidate) || /^\d+$/.test(candidate) || !/[a-z]/.test(candidate) || !/[A-Z]/.test(candidate)) return undefined;
  const bytes = Buffer.from(candidate.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return utf8(bytes);
}

function decodeHex(candidate: string): string | undefined {
  const digits = candidate.replace(/\\x/g, '');
  if (digits.length % 2 !== 0 || (!candidate.startsWith('\\x') && !/[a-fA-F]/.test(digits))) return undefined;
  return utf8(Buffer.from(digits, 'hex'));
}

function decodePercent(candidate: string): string | undefined {
  try {
    return decodeURIComponent(candidate);
  } catch {
    return undefined;
  }
}

function decodeEntities(candidate: string): string {
  return candidate.replace(/&#(x[0-9a-fA-F]{1,6}|\d{1,7});/g, (_entity, code: string) => {
    const point = code.startsWith('x') ? Number.parseInt(code.slice(1), 16) : Number.parseInt(code, 10);
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : '';
  });
}

function utf8(bytes: Buffer): string | undefined {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  return text.includes('\uFFFD') ? undefined : text;
}

/** Decoded bytes count as text when they are printable and mostly letters and spaces. */
function readable(text: string): boolean {
  if (text.length < 4) return false;
  let letters = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code < 0x20 && character !== '\n' && character !== '\t' && character !== '\r') return false;
    if (/[\p{L}\s]/u.test(character)) letters += 1;
  }
  return letters / text.length >= 0.6;
}
