import { describe, expect, it } from 'vitest';
import { findIbans, isValidIban } from './iban-recognizer.ts';

const values = (text: string) => findIbans(text).map((iban) => text.slice(iban.start, iban.end));

describe('IBAN recognizer', () => {
  it('accepts checksum-valid IBANs of several countries, any case and grouping', () => {
    for (const iban of [
      'DE89370400440532013000',
      'GB82 WEST 1234 5698 7654 32',
      'FR1420041010050500013M02606',
      'NL91ABNA0417164300',
      'CH9300762011623852957',
      'NO9386011117947',
      'BE71 0961 2345 6769',
      'es9121000418450200051332',
      'PL61 1090 1014 0000 0712 1981 2874',
    ]) {
      expect(isValidIban(iban), iban).toBe(true);
    }
  });

  it('rejects a wrong checksum, a wrong length, an unknown country and words that pass mod-97', () => {
    expect(isValidIban('DE89370400440532013001')).toBe(false);
    expect(isValidIban('DE8937040044053201300')).toBe(false);
    expect(isValidIban('XX89370400440532013000')).toBe(false);
    expect(isValidIban('DE00370400440532013000')).toBe(false);
  });

  it('finds IBANs compact and in groups of four, and not inside longer codes', () => {
    expect(values('IBAN: DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX')).toEqual(['DE89 3704 0044 0532 0130 00']);
    expect(values('pay NL91ABNA0417164300 today')).toEqual(['NL91ABNA0417164300']);
    expect(values('iban gb82west12345698765432.')).toEqual(['gb82west12345698765432']);
    expect(values('ref DE89370400440532013000X')).toEqual([]);
    expect(values('DE89 3704 0044 0532 0130 01')).toEqual([]);
    // Separators only between groups of four, as IBANs are printed.
    expect(values('DE89 37 0400 4405 3201 3000')).toEqual([]);
  });
});
