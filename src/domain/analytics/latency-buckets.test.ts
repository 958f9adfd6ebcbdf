import { describe, expect, it } from 'vitest';
import { latencyBucket, latencyBucketBounds, latencyBucketCount, latencyBucketLowerBound, latencyCountsOf, percentileFromBuckets } from './latency-buckets.ts';

/** The exact p-quantile by nearest rank: the value at rank ⌈p·n⌉. */
function exactPercentile(latencies: readonly number[], p: number): number {
  const sorted = [...latencies].sort((left, right) => left - right);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] as number;
}

describe('latency buckets', () => {
  it('grow by 1.25× from 1 ms to about 11 minutes, with an overflow bucket', () => {
    expect(latencyBucketBounds[0]).toBe(1);
    expect(latencyBucketBounds.at(-1)).toBe(652530.447);
    expect(latencyBucketCount).toBe(62);
    for (let index = 1; index < latencyBucketBounds.length; index += 1) {
      const ratio = (latencyBucketBounds[index] as number) / (latencyBucketBounds[index - 1] as number);
      expect(ratio).toBeGreaterThan(1.249);
      expect(ratio).toBeLessThan(1.251);
    }
  });

  it('put a latency in the bucket whose bounds hold it, lower bound included', () => {
    expect(latencyBucket(0)).toBe(0);
    expect(latencyBucket(0.999)).toBe(0);
    expect(latencyBucket(1)).toBe(1);
    expect(latencyBucket(1.249)).toBe(1);
    expect(latencyBucket(1.25)).toBe(2);
    expect(latencyBucket(1500)).toBe(33);
    expect(latencyBucketLowerBound(33)).toBe(1262.177);
    expect(latencyBucketBounds[33]).toBe(1577.722);
    expect(latencyBucket(652530.446)).toBe(60);
    expect(latencyBucket(652530.447)).toBe(61);
    expect(latencyBucket(86_400_000)).toBe(61);
    for (let bucket = 1; bucket < latencyBucketCount; bucket += 1) expect(latencyBucket(latencyBucketLowerBound(bucket))).toBe(bucket);
  });

  it('send negative and non-numeric latencies to bucket 0', () => {
    expect(latencyBucket(-5)).toBe(0);
    expect(latencyBucket(Number.NaN)).toBe(0);
  });
});

describe('percentileFromBuckets', () => {
  it('is null when nothing is counted', () => {
    expect(percentileFromBuckets([], 0.5)).toBeNull();
    expect(percentileFromBuckets(new Array<number>(latencyBucketCount).fill(0), 0.95)).toBeNull();
  });

  it('interpolates linearly inside the bucket that holds the rank', () => {
    // Four runs in [1262.177, 1577.722): the median is halfway, p95 at 95% of the bucket.
    const counts = latencyCountsOf([1300, 1350, 1400, 1450]);
    expect(percentileFromBuckets(counts, 0.5)).toBeCloseTo(1262.177 + 315.545 * 0.5, 6);
    expect(percentileFromBuckets(counts, 0.95)).toBeCloseTo(1262.177 + 315.545 * 0.95, 6);
    expect(percentileFromBuckets(counts, 0)).toBe(1262.177);
    expect(percentileFromBuckets(counts, 1)).toBe(1577.722);
  });

  it('walks the cumulative counts across buckets', () => {
    // 9 fast runs in bucket 1 ([1, 1.25)) and 1 slow one: p50 among the fast, p95 in the slow one's bucket.
    const counts = latencyCountsOf([...new Array<number>(9).fill(1.1), 5000]);
    expect(percentileFromBuckets(counts, 0.5)).toBeCloseTo(1 + 0.25 * (5 / 9), 9);
    const slow = latencyBucket(5000);
    expect(percentileFromBuckets(counts, 0.95)).toBeCloseTo(latencyBucketLowerBound(slow) + ((latencyBucketBounds[slow] as number) - latencyBucketLowerBound(slow)) * 0.5, 9);
  });

  it('answers the overflow bucket’s lower bound for latencies past the last bound', () => {
    expect(percentileFromBuckets(latencyCountsOf([700_000, 900_000]), 0.5)).toBe(652530.447);
  });

  it('stays within one bucket of the exact percentile (−20% … +25%), whatever the distribution', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    for (let trial = 0; trial < 50; trial += 1) {
      const latencies = Array.from({ length: 1 + Math.floor(random() * 500) }, () => Math.exp(random() * 12));
      const counts = latencyCountsOf(latencies);
      for (const p of [0.5, 0.95, 0.99]) {
        const exact = exactPercentile(latencies, p);
        const estimate = percentileFromBuckets(counts, p) as number;
        const bucket = latencyBucket(exact);
        expect(estimate).toBeGreaterThanOrEqual(latencyBucketLowerBound(bucket));
        expect(estimate).toBeLessThanOrEqual(latencyBucketBounds[bucket] as number);
        // 1.25 up to the bounds' rounding to the microsecond.
        expect(estimate / exact).toBeGreaterThan(0.799);
        expect(estimate / exact).toBeLessThan(1.2505);
      }
    }
  });
});
