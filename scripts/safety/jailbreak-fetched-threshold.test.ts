import { describe, expect, it } from 'vitest';
import { lowestThreshold, type FetchedReading } from './jailbreak-fetched-threshold.ts';

/** Benign readings with scores 0.00, 0.01, … and the given ones corroborated. */
function benign(count: number, corroborated: readonly number[] = []): FetchedReading[] {
  return Array.from({ length: count }, (_, index) => ({ label: false, score: index / 100, corroborated: corroborated.includes(index) }));
}

describe('the fetched-text threshold', () => {
  it('flags at most the allowed share of benign documents: just above the first one that must pass', () => {
    // 100 documents at 2%: the two highest (0.99, 0.98) may be flagged, 0.97 may not.
    expect(lowestThreshold(benign(100), 0.02, 1)).toBeCloseTo(0.97 + 1e-6, 9);
  });

  it('counts a corroborated document as flagged whatever the threshold', () => {
    // One of the two allowed is taken by a corroborated low score: only 0.99 may be flagged by score.
    expect(lowestThreshold(benign(100, [5]), 0.02, 1)).toBeCloseTo(0.98 + 1e-6, 9);
    // More corroborated than allowed: nothing below the ceiling will do.
    expect(lowestThreshold(benign(100, [1, 2, 3]), 0.02, 0.9)).toBe(0.9);
  });

  it('never goes above the ceiling, the request threshold', () => {
    expect(lowestThreshold(benign(100), 0.02, 0.5)).toBe(0.5);
  });
});
