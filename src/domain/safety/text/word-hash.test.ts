import { describe, expect, it } from 'vitest';
import { wordHash, wordHashStart, wordHashStep } from './word-hash.ts';

describe('wordHash', () => {
  it('is 32-bit FNV-1a, as signed integers', () => {
    // The published FNV-1a values of "" and "a".
    expect(wordHash('') >>> 0).toBe(0x811c9dc5);
    expect(wordHash('a') >>> 0).toBe(0xe40c292c);
  });

  it('gives for a string what stepping through its characters gives', () => {
    let hash = wordHashStart;
    for (const code of [105, 103, 110, 111, 114, 101]) hash = wordHashStep(hash, code);
    expect(wordHash('ignore')).toBe(hash);
  });
});
