import { isPossibleInternational } from './calling-codes.ts';
import type { PiiCandidate } from './pii-finding.ts';
import { looksLikeDateOrRange } from './number-shapes.ts';
import { digitGroups, digitsOf, isNorthAmerican, isTrunkPrefixed, plausibleGroups } from './phone-shapes.ts';

// One pass for anything shaped like a phone number: "+CC", "(0)", bracketed area codes ("8 (912) 345-67-89"),
// digit groups joined by one space, dot, dash or slash (or " / ", as in "089 / 123 456 78"), and an extension.
// Groups never cross a line break, and a number does not start inside a run of groups ("BE13 0805 9378 …").
// A comma after the number ends it (a CSV field) unless one or two digits follow (a decimal: "1 234 567,89").
// Shorter than seven characters, it cannot hold seven digits and is skipped before a match is built.
const candidatePattern =
  /(?<![\w+#$€£¥./-]|\d )(?=[\d+(][\d ()./-]{6})(?:\+\d{1,3}(?:[ .-]?\(0\))?[ .-]?)?(?:\(\d{1,5}\)[ .-]?)?\d{1,12}(?:(?:[ ./-]| \/ |[ .-]?\(\d{1,5}\)[ .-]?)\d{1,12}){0,7}(?:[ ]?(?:x|ext\.?|extension)[ ]?\d{1,6})?(?![\w]|[./-]\d|,\d{1,2}(?!\d|\.\d))/gi;
const extensionPattern = /[ ]?(?:x|ext\.?|extension)[ ]?\d{1,6}$/i;
// A house number before a street name ("17031 2202 Rissik St") is an address, whatever word precedes it.
const streetAfter =
  /^ (?:[A-Z][\p{L}'-]* ){1,3}(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Ln|Lane|Dr|Drive|Way|Ct|Court|Pl|Place|Sq|Square|Hwy|Highway|Pkwy|Parkway|Ter|Terrace|Cres|Crescent)\b/u;

// Base confidence by shape. International, North American and trunk-prefixed national numbers are
// recognisable alone; other national formats ("467 3395", "99 668472") look like any grouped number until a
// word such as "phone", "call" or "fax" is near, which adds 0.35.
const internationalScore = 0.7;
// "0044 …" is how Europeans dial abroad, but also how some references start.
const doubleZeroScore = 0.6;
const northAmericanScore = 0.55;
// A national number with its trunk prefix ("020 7946 0958", "(02) 9374 4000", "06 12 34 56 78"): business
// numbers rarely start with a 0 and come in groups, so it stands alone, but any explaining word sinks it.
const trunkPrefixedScore = 0.5;
const groupedScore = 0.35;
const bareScore = 0.2;
const extensionBonus = 0.1;

/** Phone numbers: international (+CC or 00CC), North American, and grouped national formats. */
export function findPhones(text: string): PiiCandidate[] {
  const candidates: PiiCandidate[] = [];
  for (const match of text.matchAll(candidatePattern)) {
    const end = match.index + match[0].length;
    const score = phoneScore(match[0]);
    if (score > 0 && !isStreetAfter(text, end)) candidates.push({ type: 'phone', start: match.index, end, score });
  }
  return candidates;
}

/** Whether a street name follows `end`; only a blank and a capital letter can start one, which saves a copy. */
function isStreetAfter(text: string, end: number): boolean {
  if (text.charCodeAt(end) !== 32) return false;
  const next = text.charCodeAt(end + 1);
  return next >= 65 && next <= 90 && streetAfter.test(text.slice(end, end + 48));
}

/** The base confidence that `candidate` is a phone number; 0 when its shape rules that out. */
export function phoneScore(candidate: string): number {
  const extension = candidate.includes('x') || candidate.includes('X') ? extensionPattern.exec(candidate) : null;
  const number = extension === null ? candidate : candidate.slice(0, extension.index);
  const groups = digitGroups(number);
  if (groups.digitCount < 7 || groups.digitCount > 15 || !plausibleGroups(groups) || looksLikeDateOrRange(number)) return 0;
  const digits = digitsOf(number);
  const bonus = extension === null ? 0 : extensionBonus;
  if (number.startsWith('+')) return international(digits, internationalScore) + bonus;
  if (digits.startsWith('00') && digits.length >= 10) return international(digits.slice(2), doubleZeroScore) + bonus;
  if (isNorthAmerican(number, digits)) return northAmericanScore + bonus;
  if (isTrunkPrefixed(number, digits)) return trunkPrefixedScore + bonus;
  return (groups.lengths.length > 1 ? groupedScore : bareScore) + bonus;
}

/** `score` when the digits after "+" or "00" are a calling code and a national number of a possible length. */
function international(digits: string, score: number): number {
  const possible = isPossibleInternational(digits);
  if (possible === undefined) return 0;
  return possible ? score : groupedScore;
}
