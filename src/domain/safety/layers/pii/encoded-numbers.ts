// The shared decoder (text/encoded-spans.ts) keeps only decoded text that reads as prose, which is what an
// injected instruction looks like. A payload that decodes to a number, bare or with a few words ("NDExMSAx…"
// → "4111 1111 …", "my card is 4111 …"), is what a smuggled card or SSN looks like, so the PII layer also
// tries base64 runs as printable text holding at least seven digits.

const shortestRun = 16;
const printable = /^[\x20-\x7E\t\r\n]+$/;
const sevenDigits = /(?:\d\D{0,2}){7}/;

export interface EncodedNumber {
  start: number;
  end: number;
  /** What the run decodes to. */
  decoded: string;
}

/** Base64 runs of `text` that decode to printable text with a number in it, except spans already decoded. */
export function encodedNumbers(text: string, decoded: readonly { start: number; end: number }[]): EncodedNumber[] {
  const found: EncodedNumber[] = [];
  for (const [start, end] of candidateRuns(text)) {
    if (decoded.some((span) => span.start < end && start < span.end)) continue;
    const run = text.slice(start, end);
    const content = Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1');
    if (printable.test(content) && sevenDigits.test(content)) found.push({ start, end, decoded: content });
  }
  return found;
}

// Character classes of base64, by code: 1 upper case, 2 lower case, 4 digit or symbol; 0 for the rest.
const base64Classes = new Uint8Array(128);
for (let code = 0; code < 128; code += 1) {
  const character = String.fromCharCode(code);
  base64Classes[code] = /[A-Z]/.test(character) ? 1 : /[a-z]/.test(character) ? 2 : /[0-9+/_-]/.test(character) ? 4 : 0;
}

/**
 * Runs of at least 16 base64 characters (and their padding) with both cases in them, as base64 of text has
 * ("NDEx", "MTEx") and long plain words or hex hashes have not. It probes every 16th character: when that
 * one is not base64, no long enough run covers the 16 before it, so most prose is skipped unread.
 */
function candidateRuns(text: string): [number, number][] {
  const runs: [number, number][] = [];
  const length = text.length;
  const kind = (index: number) => {
    const code = text.charCodeAt(index);
    return code < 128 ? (base64Classes[code] ?? 0) : 0;
  };
  let index = 0;
  while (index + shortestRun <= length) {
    const probe = index + shortestRun - 1;
    if (kind(probe) === 0) {
      index = probe + 1;
      continue;
    }
    let start = probe;
    while (start > index && kind(start - 1) !== 0) start -= 1;
    let end = probe + 1;
    while (end < length && kind(end) !== 0) end += 1;
    if (end - start >= shortestRun && hasBothCases(text, start, end)) {
      let padded = end;
      while (padded < length && padded - end < 2 && text.charCodeAt(padded) === 61) padded += 1;
      runs.push([start, padded]);
    }
    index = end + 1;
  }
  return runs;
}

function hasBothCases(text: string, start: number, end: number): boolean {
  let seen = 0;
  for (let index = start; index < end && seen !== 3; index += 1) seen |= (base64Classes[text.charCodeAt(index)] ?? 0) & 3;
  return seen === 3;
}
