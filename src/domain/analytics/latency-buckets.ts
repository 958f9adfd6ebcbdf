/**
 * Run latencies are kept as counts per bucket, so percentiles over any set of days, accounts, agents or
 * models come from sums instead of from every run. The buckets grow geometrically by a factor of 1.25
 * from 1 ms to about 11 minutes (bounds rounded to the microsecond):
 *
 * - bucket 0 holds [0, 1) ms;
 * - bucket i (1 ≤ i ≤ 60) holds [bound(i − 1), bound(i)) with bound(i) ≈ 1.25^i ms;
 * - bucket 61 holds everything from bound(60) ≈ 652.5 s up.
 *
 * Error bound: a percentile estimated from the counts lies in the same bucket as the exact one (the value
 * at rank ⌈p·n⌉), so it is off by less than one bucket's width: between 20% below and 25% above the exact
 * value, whatever the distribution; when the runs inside that bucket are spread evenly, by at most half a
 * bucket (about ±12%). Below 1 ms the error is under 1 ms; in the overflow bucket the estimate is its
 * lower bound. Counts, tokens and costs are not estimated: they are exact sums.
 *
 * Stored counts depend on these bounds: changing them needs a migration that recomputes the stored
 * buckets (migration 0010 holds a frozen copy for its backfill).
 */
const growthFactor = 1.25;

/** Exclusive upper bounds, in ms, of buckets 0…60. */
export const latencyBucketBounds: readonly number[] = Array.from({ length: 61 }, (_, index) => Number((growthFactor ** index).toFixed(3)));

/** How many buckets there are, the overflow bucket included. */
export const latencyBucketCount = latencyBucketBounds.length + 1;

/** The bucket a latency in milliseconds falls in; negative or non-numeric values go to bucket 0. */
export function latencyBucket(ms: number): number {
  if (!(ms >= 0)) return 0;
  let low = 0;
  let high = latencyBucketBounds.length;
  // The first bound above ms; none means the overflow bucket.
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ms < (latencyBucketBounds[middle] as number)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The lower bound of a bucket in ms (0 for bucket 0). */
export function latencyBucketLowerBound(bucket: number): number {
  return bucket === 0 ? 0 : (latencyBucketBounds[Math.min(bucket, latencyBucketBounds.length) - 1] as number);
}

/**
 * The p-th quantile (p from 0 to 1: 0.5 is the median) of the latencies counted in `counts` (runs per
 * bucket, indexed by bucket), interpolated linearly inside the bucket that holds it; null when nothing is
 * counted. See the error bound above.
 */
export function percentileFromBuckets(counts: readonly number[], p: number): number | null {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total <= 0) return null;
  const rank = Math.min(Math.max(p, 0), 1) * total;
  let below = 0;
  for (let bucket = 0; bucket < counts.length; bucket += 1) {
    const count = counts[bucket] ?? 0;
    if (count <= 0) continue;
    if (below + count >= rank) {
      const lower = latencyBucketLowerBound(bucket);
      const upper = latencyBucketBounds[bucket];
      if (upper === undefined) return lower;
      return lower + ((upper - lower) * Math.max(0, rank - below)) / count;
    }
    below += count;
  }
  return null;
}

/** How many of `latencies` (ms) fall in each bucket, indexed by bucket. */
export function latencyCountsOf(latencies: Iterable<number>): number[] {
  const counts = new Array<number>(latencyBucketCount).fill(0);
  for (const ms of latencies) {
    const bucket = latencyBucket(ms);
    counts[bucket] = (counts[bucket] ?? 0) + 1;
  }
  return counts;
}

/** Adds `counts` into `into`, bucket by bucket. */
export function addLatencyCounts(into: number[], counts: readonly number[]): number[] {
  counts.forEach((count, bucket) => {
    into[bucket] = (into[bucket] ?? 0) + count;
  });
  return into;
}
