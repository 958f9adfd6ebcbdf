/** What a report's series is keyed by. */
export type AnalyticsGroupBy = 'day' | 'agent' | 'model' | 'provider';

/** Whose runs: one account's, or every run of the service (anonymous free-tier runs included). */
export type AnalyticsScope = 'all' | { accountId: string };

/** The sums over the finished runs (succeeded, failed or blocked) that share one key. */
export interface RollupGroup {
  /** The UTC day (YYYY-MM-DD), agent, model or provider; null for runs that no model answered. */
  key: string | null;
  requests: number;
  succeeded: number;
  failed: number;
  blocked: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** Runs per latency bucket, indexed by bucket (the domain's analytics latency buckets). */
  latencyCounts: number[];
  /** Safety verdicts `flag` and `block` per layer (`jailbreak`, `pii`…), any stage; layers without any are absent. */
  safety: SafetyVerdictCounts;
}

/** How many verdicts of each layer flagged (answered, recorded) and blocked. */
export interface SafetyVerdictCounts {
  flagged: Record<string, number>;
  blocked: Record<string, number>;
}

export interface RollupQuery {
  scope: AnalyticsScope;
  /** First UTC day (YYYY-MM-DD) of the runs' start, inclusive. */
  fromDay: string;
  /** Last UTC day, inclusive. */
  toDay: string;
  groupBy: AnalyticsGroupBy;
}

/** Daily sums of the run log, kept as runs are written. */
export interface AnalyticsRepository {
  /** One group per key that has runs in the range, in no particular order. */
  rollups(query: RollupQuery): Promise<RollupGroup[]>;
}
