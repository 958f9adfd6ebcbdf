/** Detection metrics for the safety evaluation and for choosing thresholds. */
export interface ConfusionCounts {
  truePositives: number;
  falsePositives: number;
  trueNegatives: number;
  falseNegatives: number;
}

export interface DetectionMetrics extends ConfusionCounts {
  precision: number;
  recall: number;
  f1: number;
  falsePositiveRate: number;
}

export function metricsOf(counts: ConfusionCounts): DetectionMetrics {
  const { truePositives, falsePositives, trueNegatives, falseNegatives } = counts;
  const precision = truePositives + falsePositives > 0 ? truePositives / (truePositives + falsePositives) : 1;
  const recall = truePositives + falseNegatives > 0 ? truePositives / (truePositives + falseNegatives) : 1;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  const falsePositiveRate = falsePositives + trueNegatives > 0 ? falsePositives / (falsePositives + trueNegatives) : 0;
  return { ...counts, precision, recall, f1, falsePositiveRate };
}

/** Counts for scored examples at a threshold: a score at or above it is a positive. */
export function countAt(scored: readonly { score: number; label: boolean }[], threshold: number): ConfusionCounts {
  const counts = { truePositives: 0, falsePositives: 0, trueNegatives: 0, falseNegatives: 0 };
  for (const { score, label } of scored) {
    if (score >= threshold) counts[label ? 'truePositives' : 'falsePositives'] += 1;
    else counts[label ? 'falseNegatives' : 'trueNegatives'] += 1;
  }
  return counts;
}

/**
 * The lowest threshold whose false-positive rate is at most `maximumRate`: every negative scoring at or
 * above it counts against the rate, so the threshold sits just above the highest negatives it must allow.
 */
export function thresholdForFalsePositiveRate(scored: readonly { score: number; label: boolean }[], maximumRate: number): number {
  const negatives = scored.filter((example) => !example.label).map((example) => example.score).sort((a, b) => b - a);
  const allowed = Math.floor(negatives.length * maximumRate);
  const boundary = negatives[allowed];
  if (boundary === undefined) return 0;
  // Just above the first negative that must be refused.
  return Math.min(1, boundary + 1e-6);
}

/** Recall when the threshold is set for a false-positive rate of at most `maximumRate`. */
export function recallAtFalsePositiveRate(scored: readonly { score: number; label: boolean }[], maximumRate: number): number {
  return metricsOf(countAt(scored, thresholdForFalsePositiveRate(scored, maximumRate))).recall;
}

export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;
}
