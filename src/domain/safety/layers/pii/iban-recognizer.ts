import type { PiiCandidate } from './pii-finding.ts';

// IBAN length per country (SWIFT IBAN registry, plus the countries that use IBANs outside it).
const lengths: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28, CH: 21,
  CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FK: 18, FO: 18,
  FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26,
  IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, LY: 25, MC: 27, MD: 24,
  ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28, NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29,
  PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23,
  ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
  AO: 25, BF: 28, BJ: 28, CF: 27, CG: 27, CI: 28, CM: 27, CV: 25, DZ: 26, GA: 27, GQ: 27, GW: 25, HN: 28,
  IR: 26, KM: 27, MA: 28, MG: 27, ML: 28, MZ: 25, NE: 28, SN: 28, TD: 27, TG: 28,
};

// Where an IBAN may start: a country code and two check digits at a word start, any case.
const startPattern = /\b[A-Za-z]{2}\d{2}(?=[ -]?[A-Za-z0-9])/g;

/** A length-valid, checksum-valid IBAN is proof on its own; random text passes mod-97 about once in 97. */
const ibanScore = 0.9;

/** IBANs: the country's length, mod-97 checksum, printed compact or in groups of four, any case. */
export function findIbans(text: string): PiiCandidate[] {
  const candidates: PiiCandidate[] = [];
  for (const match of text.matchAll(startPattern)) {
    const country = match[0].slice(0, 2).toUpperCase();
    const length = lengths[country];
    if (length === undefined) continue;
    const end = ibanEnd(text, match.index, length);
    if (end === undefined) continue;
    candidates.push({ type: 'iban', start: match.index, end, score: ibanScore });
  }
  return candidates;
}

/** Where the IBAN starting at `start` ends, or undefined when the characters there are not a valid IBAN. */
function ibanEnd(text: string, start: number, length: number): number | undefined {
  let count = 0;
  let index = start;
  while (count < length && index < text.length) {
    const character = text.charAt(index);
    if (isAlphanumeric(character)) {
      count += 1;
      index += 1;
    } else if ((character === ' ' || character === '-') && count % 4 === 0 && isAlphanumeric(text.charAt(index + 1))) {
      // Separators only between groups of four, the printed form.
      index += 1;
    } else {
      return undefined;
    }
  }
  if (count !== length || isAlphanumeric(text.charAt(index))) return undefined;
  // The shape is that of an IBAN of the country already (letters, check digits, the length): the checks are left.
  return passesChecks(text, start, index) ? index : undefined;
}

function isAlphanumeric(character: string): boolean {
  const code = character.charCodeAt(0);
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** Length for the country, check digits 02–98, a mostly numeric account part, and mod-97 equal to 1. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/[ -]/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) || lengths[iban.slice(0, 2)] !== iban.length) return false;
  return passesChecks(iban, 0, iban.length);
}

/**
 * The checks of an IBAN of the right shape, read from text[start, end) in place, its separators (" ", "-")
 * skipped and its letters in any case: check digits 02–98, a mostly numeric account part, and mod-97 of
 * the IBAN rearranged (country and check digits moved to the end) equal to 1.
 */
function passesChecks(text: string, start: number, end: number): boolean {
  let position = 0;
  let check = 0;
  let letters = 0;
  let remainder = 0;
  for (let index = start; index < end; index += 1) {
    const value = ibanValue(text.charCodeAt(index));
    if (value < 0) continue;
    if (position === 2 || position === 3) check = check * 10 + value;
    if (position >= 4) {
      if (value >= 10) letters += 1;
      remainder = mod97Step(remainder, value);
    }
    position += 1;
  }
  if (check < 2 || check > 98) return false;
  const account = position - 4;
  // Every national format is mostly digits; a run of words that happens to pass mod-97 is not.
  if (account - letters < account * 0.4) return false;
  for (let index = start, taken = 0; taken < 4; index += 1) {
    const value = ibanValue(text.charCodeAt(index));
    if (value < 0) continue;
    remainder = mod97Step(remainder, value);
    taken += 1;
  }
  return remainder === 1;
}

/** A digit as 0–9, a letter (any case) as 10–35; -1 for a separator. */
function ibanValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97) return code - 87;
  return code >= 65 ? code - 55 : -1;
}

function mod97Step(remainder: number, value: number): number {
  return value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
}

/** ISO 7064 mod 97-10 of an IBAN rearranged (country and check digits moved to the end), letters as 10–35. */
export function ibanMod97(rearranged: string): number {
  let remainder = 0;
  for (const character of rearranged) {
    const code = character.charCodeAt(0);
    remainder = mod97Step(remainder, code >= 65 ? code - 55 : code - 48);
  }
  return remainder;
}
