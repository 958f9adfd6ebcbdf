import { describe, expect, it } from 'vitest';
import { createId, randomString } from './ids.ts';

describe('identifiers', () => {
  it('sort by creation time and carry the prefix', () => {
    const earlier = createId('run', new Date('2026-01-01T00:00:00Z'));
    const later = createId('run', new Date('2026-01-01T00:00:00.001Z'));
    expect(earlier).toMatch(/^run_[0-9a-z]{25}$/);
    expect(earlier < later).toBe(true);
  });

  it('do not repeat across many draws, past the end of the random pool', () => {
    const seen = new Set(Array.from({ length: 20_000 }, () => randomString(16)));
    expect(seen.size).toBe(20_000);
  });

  it('use every character of the alphabet about equally', () => {
    const counts = new Map<string, number>();
    for (const character of randomString(62_000, 'ab')) counts.set(character, (counts.get(character) ?? 0) + 1);
    expect(counts.get('a')).toBeGreaterThan(30_000);
    expect(counts.get('b')).toBeGreaterThan(30_000);
  });
});
