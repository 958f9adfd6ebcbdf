import { performance } from 'node:perf_hooks';
import { countAt, metricsOf, percentile, recallAtFalsePositiveRate, type DetectionMetrics } from './metrics.ts';

export interface LabelledText {
  text: string;
  /** True for text the layer should catch. */
  label: boolean;
  source: string;
}

/** What a layer decided about one text: whether it acted (blocked or flagged) and its score. */
export interface Detection {
  caught: boolean;
  score: number;
}

export interface BinaryEvaluation {
  rows: number;
  /** At the layer's own decision, as deployed. */
  metrics: DetectionMetrics;
  /** Recall if the threshold on the score were set for at most 1% false positives on these rows. */
  recallAtOnePercentFalsePositives: number;
  latency: { p50Ms: number; p99Ms: number };
  /** Recall (sources of positives) or false-positive rate (sources of negatives) per source. */
  bySource: { source: string; rows: number; label: boolean; rate: number }[];
}

/** Runs a detector over labelled texts and measures it: quality at its own decision, and speed per call. */
export function evaluateBinary(rows: readonly LabelledText[], detect: (text: string) => Detection): BinaryEvaluation {
  const durations: number[] = [];
  const results = rows.map((row) => {
    const started = performance.now();
    const detection = detect(row.text);
    durations.push(performance.now() - started);
    return { row, detection };
  });
  const decided = results.map(({ row, detection }) => ({ score: detection.caught ? 1 : 0, label: row.label }));
  const scored = results.map(({ row, detection }) => ({ score: detection.score, label: row.label }));
  const sources = new Map<string, { rows: number; label: boolean; caught: number }>();
  for (const { row, detection } of results) {
    const key = `${row.source}|${row.label}`;
    const entry = sources.get(key) ?? { rows: 0, label: row.label, caught: 0 };
    entry.rows += 1;
    if (detection.caught) entry.caught += 1;
    sources.set(key, entry);
  }
  return {
    rows: rows.length,
    metrics: metricsOf(countAt(decided, 0.5)),
    recallAtOnePercentFalsePositives: recallAtFalsePositiveRate(scored, 0.01),
    latency: { p50Ms: percentile(durations, 0.5), p99Ms: percentile(durations, 0.99) },
    bySource: [...sources].map(([key, entry]) => ({ source: key.split('|')[0] as string, rows: entry.rows, label: entry.label, rate: entry.caught / entry.rows })),
  };
}
