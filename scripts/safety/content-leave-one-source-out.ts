import { benignKindOf, heldOutGroupOf, thresholdWeightOf, type BenignKind } from './content-source-groups.ts';

/** One content-data row's out-of-source scores: from models that saw nothing of the row's source group. */
export interface OutOfSourceScore {
  source: string;
  label: boolean;
  /** The flagged head's probability. */
  flagged: number;
  /** The request head's probability. */
  request: number;
  /** A phrase rule decides the row whatever the scores. */
  ruleHit: boolean;
}

/** The flagged and request heads' thresholds: a row is caught when either head reaches its own. */
export interface HeadThresholds {
  flagged: number;
  request: number;
}

/** The rate per source at a threshold: recall for the harmful rows, the false-positive rate for the benign. */
export interface SourceRate {
  source: string;
  label: boolean;
  rows: number;
  rate: number;
}

/**
 * Scores every row of the held-out groups with a model trained without that group ("leave one source
 * out"): what the model would say of a source it has never seen. `heldOut[index]` is true for the rows that
 * belong to the content data (the others are always trained on); `trainAndScore` trains on the rows it is
 * told to include and returns a scorer.
 */
export function leaveOneSourceOutScores<Score>(sources: readonly string[], heldOut: readonly boolean[], trainAndScore: (include: (index: number) => boolean) => (index: number) => Score): (Score | undefined)[] {
  const scores: (Score | undefined)[] = sources.map(() => undefined);
  const groups = [...new Set(sources.filter((_source, index) => heldOut[index]).map(heldOutGroupOf))].sort();
  for (const group of groups) {
    const inGroup = (index: number) => heldOut[index] === true && heldOutGroupOf(sources[index] as string) === group;
    const score = trainAndScore((index) => !inGroup(index));
    sources.forEach((_source, index) => {
      if (inGroup(index)) scores[index] = score(index);
    });
  }
  return scores;
}

/** Whether the layer catches the row at the thresholds: a rule decides it, or either head reaches its threshold. */
export const caught = (row: OutOfSourceScore, thresholds: HeadThresholds) => row.ruleHit || row.flagged >= thresholds.flagged || row.request >= thresholds.request;

/** The weighted share of rows caught at the thresholds (authored rows weigh less, see content-source-groups.ts; or, `plain`, all alike). */
function weightedRate(rows: readonly OutOfSourceScore[], thresholds: HeadThresholds, plain = false): number {
  let total = 0;
  let flagged = 0;
  for (const row of rows) {
    const weight = plain ? 1 : thresholdWeightOf(row.source);
    total += weight;
    if (caught(row, thresholds)) flagged += weight;
  }
  return total > 0 ? flagged / total : 0;
}

/** Candidate thresholds for one head: just above each benign row's score, and 1 (never), ascending. */
function candidates(benign: readonly OutOfSourceScore[], score: (row: OutOfSourceScore) => number): number[] {
  return [...new Set([1, ...benign.map((row) => Math.min(1, score(row) + 1e-6))])].sort((a, b) => a - b);
}

/**
 * The pair of thresholds that, on out-of-source scores, catches the most harmful rows (the mean of the
 * harmful sources' recalls, so a large source does not drown a small one) while each kind of benign text
 * (see content-source-groups.ts) stays within its false-positive target, both with authored rows weighing
 * less and with every row alike (as the rates are reported). For each flagged threshold the request
 * threshold is the lowest that keeps the targets: the rates only fall as a threshold rises, so it is found
 * by bisection.
 */
export function chooseThresholds(scored: readonly OutOfSourceScore[], targets: Readonly<Record<BenignKind, number>>): HeadThresholds {
  const benign = scored.filter((row) => !row.label);
  const byKind = [...Map.groupBy(benign, (row) => benignKindOf(row.source))];
  const harmfulSources = [...Map.groupBy(scored.filter((row) => row.label), (row) => row.source).values()];
  // Each kind within its target weighted, and pooled as it is reported (every row alike).
  const withinTargets = (thresholds: HeadThresholds) => byKind.every(([kind, rows]) => Math.max(weightedRate(rows, thresholds), weightedRate(rows, thresholds, true)) <= targets[kind]);
  const requestCandidates = candidates(benign, (row) => row.request);
  let best = { thresholds: { flagged: 1, request: 1 }, recall: -1 };
  for (const flagged of candidates(benign, (row) => row.flagged)) {
    if (!withinTargets({ flagged, request: 1 })) continue;
    let low = 0;
    let high = requestCandidates.length - 1;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (withinTargets({ flagged, request: requestCandidates[middle] as number })) high = middle;
      else low = middle + 1;
    }
    const thresholds = { flagged, request: requestCandidates[low] as number };
    const recall = harmfulSources.reduce((sum, rows) => sum + weightedRate(rows, thresholds), 0) / harmfulSources.length;
    if (recall > best.recall) best = { thresholds, recall };
  }
  return best.thresholds;
}

/** Recall per harmful source and false-positive rate per benign source, given which rows are caught; sorted by source. */
export function ratesBySource<Row extends { source: string; label: boolean }>(scored: readonly Row[], isCaught: (row: Row, index: number) => boolean): SourceRate[] {
  const bySource = new Map<string, { label: boolean; rows: number; caught: number }>();
  for (const [index, row] of scored.entries()) {
    const key = `${row.source}|${row.label}`;
    const entry = bySource.get(key) ?? { label: row.label, rows: 0, caught: 0 };
    entry.rows += 1;
    if (isCaught(row, index)) entry.caught += 1;
    bySource.set(key, entry);
  }
  return [...bySource]
    .map(([key, entry]) => ({ source: key.split('|')[0] as string, label: entry.label, rows: entry.rows, rate: Math.round((entry.caught / entry.rows) * 10_000) / 10_000 }))
    .sort((a, b) => Number(b.label) - Number(a.label) || a.source.localeCompare(b.source));
}

/** The per-source rates as a Markdown table. */
export function formatSourceRates(rates: readonly SourceRate[]): string {
  return ['| source | label | rows | rate |', '| --- | --- | ---: | ---: |', ...rates.map((rate) => `| ${rate.source} | ${rate.label ? 'harmful' : 'benign'} | ${rate.rows} | ${rate.label ? 'recall' : 'FPR'} ${rate.rate.toFixed(3)} |`)].join('\n');
}
