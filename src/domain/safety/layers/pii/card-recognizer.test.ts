import { describe, expect, it } from 'vitest';
import { findCards, isBranded, luhnValid } from './card-recognizer.ts';
import { findPii } from './find-pii.ts';

const values = (text: string) => findCards(text).map((card) => text.slice(card.start, card.end));
const foundCards = (text: string) => findPii(text).filter((finding) => finding.type === 'card').map((finding) => text.slice(finding.start, finding.end));

describe('card recognizer', () => {
  it('checks the Luhn digit', () => {
    for (const valid of ['4111111111111111', '5500000000000004', '378282246310005', '6011111111111117', '30569309025904', '3530111333300000']) {
      expect(luhnValid(valid)).toBe(true);
    }
    for (const invalid of ['4111111111111112', '5500000000000005', '378282246310006', '1234567812345678']) expect(luhnValid(invalid)).toBe(false);
    expect(luhnValid('4111 1111')).toBe(false);
  });

  it('knows the brands by prefix and length', () => {
    expect(isBranded('4111111111111111')).toBe(true); // Visa
    expect(isBranded('5500000000000004')).toBe(true); // Mastercard
    expect(isBranded('2223003122003222')).toBe(true); // Mastercard 2-series
    expect(isBranded('378282246310005')).toBe(true); // Amex
    expect(isBranded('6011111111111117')).toBe(true); // Discover
    expect(isBranded('30569309025904')).toBe(true); // Diners
    expect(isBranded('3530111333300000')).toBe(true); // JCB
    expect(isBranded('37828224631000')).toBe(false); // Amex prefix, 14 digits
    expect(isBranded('9111111111111111')).toBe(false);
  });

  it('finds cards printed compact, in fours, and in the Amex and Diners groupings', () => {
    expect(values('card 4111111111111111 on file')).toEqual(['4111111111111111']);
    expect(values('card 4111 1111 1111 1111 on file')).toEqual(['4111 1111 1111 1111']);
    expect(values('card 5500-0000-0000-0004.')).toEqual(['5500-0000-0000-0004']);
    expect(values('Amex 3782 822463 10005')).toEqual(['3782 822463 10005']);
    expect(values('Diners 3056 930902 5904 and 3056 9309 0259 04')).toEqual(['3056 930902 5904', '3056 9309 0259 04']);
    expect(values('Visa 4000 0123 4567 8901 233')).toEqual(['4000 0123 4567 8901 233']);
  });

  it('leaves out a CVV or reference typed after the number', () => {
    expect(values('4111 1111 1111 1111 123')).toEqual(['4111 1111 1111 1111']);
  });

  it('rejects Luhn-invalid numbers, repeated digits, mixed separators and longer digit runs', () => {
    expect(values('4111 1111 1111 1112')).toEqual([]);
    expect(values('0000 0000 0000 0000')).toEqual([]);
    expect(values('4111 1111-1111 1111')).toEqual([]);
    expect(values('41111111111111110000000')).toEqual([]);
    expect(values('order-4111111111111111')).toEqual([]);
  });

  it('does not read the digits of an IBAN, valid or not, as a card', () => {
    expect(values('IBAN DE09 2531 7170 0272 2778 48 failed the check')).toEqual([]);
  });

  it('keeps branded cards alone, and needs a card word for the rest', () => {
    expect(foundCards('4111111111111111')).toEqual(['4111111111111111']);
    // A 13-digit Visa is also the shape of a German EAN-13 barcode.
    expect(foundCards('EAN 4007628850365')).toEqual([]);
    expect(foundCards('My card 4222222222222 expires soon')).toEqual(['4222222222222']);
    expect(foundCards('Order 4111 1111 1111 1111 shipped')).toEqual([]);
  });
});
