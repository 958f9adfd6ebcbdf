// The digit groups of a phone-like number, read in one pass, and the national shapes recognisable alone.

export interface DigitGroups {
  /** How many digits there are, country code included, "(0)" left out. */
  digitCount: number;
  /** Length of each group after the country code ("+33", "0033 ") and a "(0)": "+33 1 42 68 53 00" → 1,2,2,2,2. */
  lengths: number[];
  slashes: number;
  /** Only dots between groups: "10.0.0.1", "01.84.17.61.18". */
  dotted: boolean;
}

export function digitGroups(number: string): DigitGroups {
  const lengths: number[] = [];
  let slashes = 0;
  let dotted = true;
  let run = 0;
  const groupsStart = countryCodeEnd(number);
  // The country code is digits after "+" or "00".
  let digitCount = number.startsWith('+') ? groupsStart - 1 : groupsStart;
  for (let index = groupsStart; index < number.length; index += 1) {
    const code = number.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      run += 1;
      continue;
    }
    // "(0)" is the trunk prefix that callers from abroad leave out: not a digit of the number.
    if (number.startsWith('(0)', index)) index += 2;
    else if (code === 47) slashes += 1;
    if (code !== 46) dotted = false;
    if (run > 0) lengths.push(run);
    digitCount += run;
    run = 0;
  }
  if (run > 0) lengths.push(run);
  return { digitCount: digitCount + run, lengths, slashes, dotted };
}

/** Every digit of a phone-like number, country code included, "(0)" left out. */
export function digitsOf(number: string): string {
  return number.replace(/\(0\)|\D/g, '');
}

/** Where the country code ends: "+CC" takes up to three digits, "00CC" only before a separator. */
function countryCodeEnd(number: string): number {
  if (number.startsWith('+')) return 1 + (/^\d{1,3}/.exec(number.slice(1))?.[0].length ?? 0);
  return /^00\d{1,3}(?=[ .-])/.exec(number)?.[0].length ?? 0;
}

/** Rules out lists of small numbers, long runs among groups, several slashes, and dotted quads (IP addresses). */
export function plausibleGroups({ lengths, slashes, dotted }: DigitGroups): boolean {
  if (lengths.some((length, index) => index > 0 && length === 1)) return false;
  if (lengths.length > 1 && lengths.some((length) => length > 8)) return false;
  if (slashes > 1) return false;
  return !(dotted && lengths.length === 4 && lengths.every((length) => length <= 3));
}

// "(NXX) NXX-XXXX", "NXX-NXX-XXXX", "NXX.NXX.XXXX", "NXX NXX XXXX", optionally after "1-" or "1 ".
const northAmericanShape = /^(?:1[ .-]?)?(?:\(\d{3}\) ?|\d{3}([ .-]))\d{3}([ .-])\d{4}$/;

export function isNorthAmerican(number: string, digits: string): boolean {
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10 || !/^[2-9]\d{2}[2-9]\d{2}/.test(national)) return false;
  const shape = northAmericanShape.exec(number);
  // The two separators agree ("905-674-3793"), except after a bracketed area code.
  return shape !== null && (shape[1] === undefined || shape[1] === shape[2]);
}

// A 0 and an area code (bracketed or not), then one to four groups of two to eight digits.
const trunkPrefixedShape = /^(?:0[1-9]\d{0,4}|\(0[1-9]\d{0,4}\))(?:[ ./-]|(?<=\)) ?)\d{2,8}(?:[ ./-]\d{2,8}){0,3}$/;

/** A national number with its trunk prefix: "020 7946 0958", "(02) 9374 4000", "0151 47921115" (9–12 digits). */
export function isTrunkPrefixed(number: string, digits: string): boolean {
  return digits.length >= 9 && digits.length <= 12 && trunkPrefixedShape.test(number);
}
