import { isUtf8 } from 'node:buffer';
import { isHexDigit, isWhitespace } from '../../../shared/text-scanning.ts';
import { codeUnits } from './code-units.ts';
import type { NormalizedText } from './normalize-text.ts';

/** A part of a string that was encoded, and the text it decodes to. */
export interface DecodedSpan {
  start: number;
  end: number;
  encoding: 'base64' | 'hex' | 'percent' | 'entities';
  content: NormalizedText;
}

// Candidates are deliberately strict, so ordinary identifiers, card numbers and hashes are not "decoded".
const shortestRun = 16;
const escapedHexCandidate = /(?:\\x[0-9a-fA-F]{2}){4,}/g;
const hexRun = /^[0-9a-fA-F]+$/;
const fewestPercentEscapes = 3;
const entitiesCandidate = /(?:&#(?:x[0-9a-fA-F]{1,6}|\d{1,7});[^&\s]{0,3}){3,}/g;

/**
 * Finds base64, hex, percent-encoded and HTML-entity spans whose decoded form is readable text, so that an
 * instruction or a card number hidden in an encoding is scanned like any other text. Each pattern runs
 * only when the text holds what it needs: most text has no encoded span, and the scan must cost little.
 */
export function decodeEncodedSpans(text: string, normalize: (decoded: string) => NormalizedText): DecodedSpan[] {
  const spans: DecodedSpan[] = [];
  const add = (start: number, end: number, encoding: DecodedSpan['encoding'], decoded: string | undefined) => {
    if (decoded !== undefined && readable(decoded)) spans.push({ start, end, encoding, content: normalize(decoded) });
  };
  const units = codeUnits(text);
  const { runs, marks, percent } = encodedRuns(units);
  for (const [start, end] of runs) {
    const token = text.slice(start, end);
    add(start, end, 'base64', decodeBase64(token));
    if (hexRun.test(token)) add(start, end, 'hex', decodeHex(token));
  }
  if ((marks & escapedHexMark) !== 0) for (const match of text.matchAll(escapedHexCandidate)) add(match.index, match.index + match[0].length, 'hex', decodeHex(match[0]));
  for (const [start, end] of percent) add(start, end, 'percent', decodePercent(text.slice(start, end)));
  if ((marks & entityMark) !== 0) for (const match of text.matchAll(entitiesCandidate)) add(match.index, match.index + match[0].length, 'entities', decodeEntities(match[0]));
  return spans;
}

/** What the base64 pass saw on its way, so the other encodings are looked for only in text that has their marks. */
const escapedHexMark = 1; // "\x"
const entityMark = 4; // "&#"

/** 1 for the characters of base64 (both alphabets), by character code. */
const base64Characters = new Uint8Array(128);
for (const character of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-') base64Characters[character.charCodeAt(0)] = 1;

/**
 * Runs of 16 or more base64 characters (with their padding), as [start, end); the marks of the other
 * encodings seen on the way (see escapedHexMark); and the percent-encoded runs: words (runs without
 * whitespace) holding three or more %XX escapes, where a stray "%" ends a run as whitespace does. One loop
 * for both, because a regex backtracks (the percent pattern it replaces, `[^\s%]*(?:%[0-9A-Fa-f]{2}[^\s%]*){3,}`,
 * was tried from every character of a long word) and a second walk of a long text costs as much as the
 * first; over code units, which stay fast when the process holds a class extending String (see code-units.ts).
 */
function encodedRuns(units: Uint16Array): { runs: [number, number][]; marks: number; percent: [number, number][] } {
  const runs: [number, number][] = [];
  const percent: [number, number][] = [];
  let marks = 0;
  let start = 0;
  let percentStart = 0;
  let escapes = 0;
  const length = units.length;
  for (let index = 0; index <= length; index += 1) {
    const code = index < length ? (units[index] as number) : 32;
    if (code < 128 && base64Characters[code] === 1) continue;
    const escape = code === 37 && isHexDigit(units[index + 1] ?? 0) && isHexDigit(units[index + 2] ?? 0);
    // An escape's two hex digits are base64 characters: the loop passes over them as it does any.
    if (escape) escapes += 1;
    else if (code === 37 || isWhitespace(code)) {
      if (escapes >= fewestPercentEscapes) percent.push([percentStart, index]);
      percentStart = index + 1;
      escapes = 0;
    } else if (code === 92 && units[index + 1] === 120) marks |= escapedHexMark;
    else if (code === 38 && units[index + 1] === 35) marks |= entityMark;
    if (index - start >= shortestRun) {
      let end = index;
      while (end < length && end - index < 2 && units[end] === 61) end += 1;
      runs.push([start, end]);
    }
    start = index + 1;
  }
  return { runs, marks, percent };
}

function decodeBase64(candidate: string): string | undefined {
  // Plain words, digit runs (card and phone numbers) and single-case tokens are almost never base64 text.
  if (!/[0-9+/=_-]/.test(candidate) || /^\d+$/.test(candidate) || !/[a-z]/.test(candidate) || !/[A-Z]/.test(candidate)) return undefined;
  // Node's base64 decoder reads the URL-safe alphabet ("-", "_") too: no copy of the candidate is needed.
  return utf8(Buffer.from(candidate, 'base64'));
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

/** The bytes as text when they are valid UTF-8 without replacement characters; checked before decoding, so a long run of random bytes is never copied into a string. */
function utf8(bytes: Buffer): string | undefined {
  if (!isUtf8(bytes)) return undefined;
  const text = utf8Decoder.decode(bytes);
  return text.includes('\uFFFD') ? undefined : text;
}

const utf8Decoder = new TextDecoder('utf-8', { fatal: false });

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
