import { describe, expect, it } from 'vitest';
import { countAt, metricsOf, percentile, recallAtFalsePositiveRate, thresholdForFalsePositiveRate } from './metrics.ts';

const scored = [
  ...Array.from({ length: 100 }, (_, index) => ({ score: index / 200, label: false })), // negatives 0 … 0.495
  ...[0.3, 0.6, 0.7, 0.8, 0.9].map((score) => ({ score, label: true })),
];

describe('safety metrics', () => {
  it('computes precision, recall, F1 and false-positive rate from counts', () => {
    const metrics = metricsOf(countAt(scored, 0.49));
    expect(metrics).toMatchObject({ truePositives: 4, falsePositives: 2, falseNegatives: 1, trueNegatives: 98 });
    expect(metrics.precision).toBeCloseTo(4 / 6);
    expect(metrics.recall).toBeCloseTo(0.8);
    expect(metrics.falsePositiveRate).toBeCloseTo(0.02);
  });

  it('picks the lowest threshold that keeps false positives within the rate', () => {
    const threshold = thresholdForFalsePositiveRate(scored, 0.01);
    expect(metricsOf(countAt(scored, threshold)).falsePositives).toBe(1);
    expect(threshold).toBeGreaterThan(0.49);
    expect(threshold).toBeLessThan(0.495);
    expect(recallAtFalsePositiveRate(scored, 0.01)).toBeCloseTo(0.8);
    expect(recallAtFalsePositiveRate(scored, 0)).toBeCloseTo(0.8);
  });

  it('reads percentiles', () => {
    expect(percentile([5, 1, 3, 2, 4], 0.5)).toBe(3);
    expect(percentile([5, 1, 3, 2, 4], 0.99)).toBe(5);
  });
});
