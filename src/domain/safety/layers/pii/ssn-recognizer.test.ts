import { describe, expect, it } from 'vitest';
import { findPii } from './find-pii.ts';
import { findSsns, isValidSsn } from './ssn-recognizer.ts';

const foundSsns = (text: string) => findPii(text).filter((finding) => finding.type === 'ssn').map((finding) => text.slice(finding.start, finding.end));

describe('SSN recognizer', () => {
  it('applies the SSA rules', () => {
    expect(isValidSsn('078', '05', '1120')).toBe(true);
    expect(isValidSsn('899', '99', '9999')).toBe(true);
    expect(isValidSsn('000', '12', '3456')).toBe(false);
    expect(isValidSsn('666', '12', '3456')).toBe(false);
    expect(isValidSsn('912', '34', '5678')).toBe(false);
    expect(isValidSsn('123', '00', '4567')).toBe(false);
    expect(isValidSsn('123', '45', '0000')).toBe(false);
    expect(isValidSsn('111', '11', '1111')).toBe(false);
  });

  it('scores a dashed SSN above spaced, dotted and bare ones', () => {
    const score = (text: string) => findSsns(text)[0]?.score ?? 0;
    expect(score('219-09-9999')).toBeGreaterThan(score('219 09 9999'));
    expect(score('219 09 9999')).toBeGreaterThan(score('219.09.9999'));
    expect(score('219.09.9999')).toBeGreaterThan(score('219099999'));
  });

  it('ignores SSN shapes inside longer numbers and numbers the SSA never issues', () => {
    expect(findSsns('1-219-09-9999')).toEqual([]);
    expect(findSsns('219-09-99990')).toEqual([]);
    expect(findSsns('2024-219-09-9999')).toEqual([]);
    expect(findSsns('SSN 000-12-3456, 666-12-3456, 912-34-5678, 123-00-4567, 123-45-0000')).toEqual([]);
  });

  it('reports dashed SSNs alone and others with a word such as "SSN" nearby', () => {
    expect(foundSsns('Here is 219-09-9999 for you')).toEqual(['219-09-9999']);
    expect(foundSsns('SSN: 219099999')).toEqual(['219099999']);
    expect(foundSsns('social security number 219 09 9999')).toEqual(['219 09 9999']);
    expect(foundSsns('employee 219099999')).toEqual([]);
    expect(foundSsns('Part 219-09-9999 is back in stock')).toEqual([]);
    // In a CSV row the comma ends the number.
    expect(foundSsns('name,ssn,start\nAna,219-09-9999,2024-01-02')).toEqual(['219-09-9999']);
  });
});
