import { getCountries, getCountryCallingCode, Metadata } from 'libphonenumber-js/min';

// The possible lengths of national numbers behind each country calling code, from libphonenumber's
// metadata. Checking a length is a map lookup, where parsing a number costs about 10 µs; codes sharing a
// calling code (+1, +7, +44) pool their lengths.
let lengthsByCode: Map<string, Set<number>> | undefined;

function lengthsByCallingCode(): Map<string, Set<number>> {
  if (lengthsByCode !== undefined) return lengthsByCode;
  const metadata = new Metadata();
  lengthsByCode = new Map();
  for (const country of getCountries()) {
    metadata.selectNumberingPlan(country);
    const code = getCountryCallingCode(country);
    const lengths = lengthsByCode.get(code) ?? new Set<number>();
    for (const length of metadata.numberingPlan?.possibleLengths() ?? []) lengths.add(length);
    lengthsByCode.set(code, lengths);
  }
  return lengthsByCode;
}

/**
 * For the digits of an international number (after "+" or "00"): whether a calling code starts them and the
 * rest has a length that code's countries use; undefined when no calling code starts them. Calling codes
 * are prefix-free, so the first one found is the one.
 */
export function isPossibleInternational(digits: string): boolean | undefined {
  const lengths = lengthsByCallingCode();
  for (let size = 1; size <= 3; size += 1) {
    const national = lengths.get(digits.slice(0, size));
    if (national !== undefined) return national.has(digits.length - size);
  }
  return undefined;
}
