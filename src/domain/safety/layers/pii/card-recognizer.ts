import type { PiiCandidate } from './pii-finding.ts';

// Digit groups of 3–19 joined by single spaces or dashes, the last one possibly shorter ("3056 9309 0259 04",
// "4222 2222 2222 2"); the validator decides how many groups form a card. A comma after it ends it (a CSV field);
// a run that continues a group before it ("DE09 2531 …", an IBAN valid or not) is part of that. Runs
// shorter than 12 characters are skipped before anything is built for them.
const candidatePattern = /(?<![\w+/.-]|\d[ -])(?=[\d -]{12})\d{3,19}(?:[ -]\d{3,6}){0,5}(?:[ -]\d{1,2})?(?![\w]|[./-]\d)/g;

// A Luhn-valid number of a known brand's prefix and length can stand alone, and so can a 16–19 digit one
// in the card ranges (Maestro, Dankort, national schemes); a shorter unbranded one needs context, and so does
// a 13-digit Visa: no longer issued, and the shape of an EAN-13 barcode from Germany (400–440).
const brandedScore = 0.6;
const longScore = 0.5;
const unbrandedScore = 0.3;

/** Payment card numbers: 12–19 digits, spaces or dashes between groups, Luhn checksum, brand by prefix. */
export function findCards(text: string): PiiCandidate[] {
  const candidates: PiiCandidate[] = [];
  for (const match of text.matchAll(candidatePattern)) {
    const card = longestCard(match[0]);
    if (card === undefined) continue;
    candidates.push({ type: 'card', start: match.index, end: match.index + card.length, score: card.score });
  }
  return candidates;
}

/** The longest leading run of groups that is a card, so a CVV or reference typed after it is left out. */
function longestCard(candidate: string): { length: number; score: number } | undefined {
  const separator = firstSeparator(candidate);
  if (separator === undefined) return cardOf(candidate, candidate.length);
  // Mixed separators ("1234 5678-9012") are not how a card is written.
  if (candidate.includes(separator === ' ' ? '-' : ' ')) return undefined;
  const digits = candidate.replaceAll(separator, '');
  // Groups are single-separated: the first `count` of them end where the count-th separator is.
  for (let end = candidate.length, count = candidate.length - digits.length + 1; count >= 1; count -= 1) {
    const card = cardOf(digits.slice(0, end - (count - 1)), end);
    if (card !== undefined) return card;
    end = candidate.lastIndexOf(separator, end - 1);
  }
  return undefined;
}

/** The card whose digits are `digits`, printed in `length` characters; undefined when they are none. */
function cardOf(digits: string, length: number): { length: number; score: number } | undefined {
  if (digits.length < 12 || digits.length > 19) return undefined;
  if (!luhnValid(digits) || isOneDigitRepeated(digits)) return undefined;
  return { length, score: cardScore(digits) };
}

/** " " or "-", whichever the candidate has first. */
function firstSeparator(candidate: string): string | undefined {
  for (let index = 0; index < candidate.length; index += 1) {
    const code = candidate.charCodeAt(index);
    if (code === 32 || code === 45) return code === 32 ? ' ' : '-';
  }
  return undefined;
}

function isOneDigitRepeated(digits: string): boolean {
  for (let index = 1; index < digits.length; index += 1) if (digits.charCodeAt(index) !== digits.charCodeAt(0)) return false;
  return true;
}

function cardScore(digits: string): number {
  if (isBranded(digits) && digits.length > 13) return brandedScore;
  return digits.length >= 16 && /^[2-6]/.test(digits) ? longScore : unbrandedScore;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    let value = digits.charCodeAt(index) - 48;
    if (value < 0 || value > 9) return false;
    if (double) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Whether the prefix and length match a major scheme (Visa, Mastercard, Amex, Discover, JCB, Diners, UnionPay). */
export function isBranded(digits: string): boolean {
  const length = digits.length;
  const prefix2 = Number(digits.slice(0, 2));
  const prefix3 = Number(digits.slice(0, 3));
  const prefix4 = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return length === 13 || length === 16 || length === 19;
  if ((prefix2 >= 51 && prefix2 <= 55) || (prefix4 >= 2221 && prefix4 <= 2720)) return length === 16;
  if (prefix2 === 34 || prefix2 === 37) return length === 15;
  if (prefix4 === 6011 || (prefix3 >= 644 && prefix3 <= 649) || prefix2 === 65) return length >= 16;
  if (prefix4 >= 3528 && prefix4 <= 3589) return length >= 16;
  // JCB's older 15-digit numbers.
  if (prefix4 === 2131 || prefix4 === 1800) return length === 15;
  if ((prefix3 >= 300 && prefix3 <= 305) || prefix2 === 36 || prefix2 === 38 || prefix2 === 39) return length >= 14;
  if (prefix2 === 62) return length >= 16;
  return false;
}
