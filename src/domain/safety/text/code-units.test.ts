import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeUnits, lowerCased } from './code-units.ts';

describe('codeUnits', () => {
  it('holds exactly the code units charCodeAt reads, whatever the text (surrogate pairs, odd pool offsets)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ maxLength: 5 }), (text, before) => {
        // A short Buffer allocated first moves the next one to another offset in the shared pool.
        Buffer.from(before, 'utf8');
        const units = codeUnits(text);
        expect(units.length).toBe(text.length);
        for (let index = 0; index < text.length; index += 1) expect(units[index]).toBe(text.charCodeAt(index));
      }),
    );
  });

  it('reads an emoji as its two surrogates and the empty text as no units', () => {
    expect([...codeUnits('a😀')]).toEqual([97, 0xd83d, 0xde00]);
    expect(codeUnits('')).toHaveLength(0);
  });

  it('reads each long text rightly when several are kept and read in turn (texts of one length, the same text again)', () => {
    const texts = Array.from({ length: 9 }, (_, index) => `${'Ab'.repeat(1500)}${index}`);
    for (const round of [0, 1]) {
      for (const text of round === 0 ? texts : [...texts].reverse()) {
        const units = codeUnits(text);
        expect(units).toHaveLength(text.length);
        expect(units[text.length - 1]).toBe(text.charCodeAt(text.length - 1));
        expect(lowerCased(text)).toBe(text.toLowerCase());
      }
    }
    expect(codeUnits(texts[8] as string)).toBe(codeUnits(texts[8] as string));
    expect(lowerCased('ÀB'.repeat(2000))).toBe('àb'.repeat(2000));
  });
});
