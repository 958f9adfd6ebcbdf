import { latencyBucket } from '../../../domain/analytics/latency-buckets.ts';
import type { RunRecord } from '../../../ports/run-repository.ts';
import type {
  RunLatencyBucketsAllTable,
  RunLatencyBucketsTable,
  RunRollupsAllTable,
  RunRollupsTable,
  RunSafetyVerdictsAllTable,
  RunSafetyVerdictsTable,
} from '../database-schema.ts';

/** The account_id of anonymous (free-tier) runs' rollups. */
const anonymousAccountKey = '';

/** The columns a rollup over every run is identified by, in primary-key order. */
export const allRollupKeyColumns = ['day', 'agent', 'model', 'provider'] as const;
/** The columns an account's rollup is identified by, in primary-key order. */
export const rollupKeyColumns = ['account_id', ...allRollupKeyColumns] as const;

/** The counters of a rollup row, added up when rows of the same key meet. */
export const rollupCounterColumns = ['requests', 'succeeded', 'failed', 'blocked', 'input_tokens', 'output_tokens', 'cost_usd'] as const;

export const rollupColumns = [...rollupKeyColumns, ...rollupCounterColumns] as const satisfies readonly (keyof RunRollupsTable)[];
export const allRollupColumns = [...allRollupKeyColumns, ...rollupCounterColumns] as const satisfies readonly (keyof RunRollupsAllTable)[];
export const latencyBucketColumns = [...rollupKeyColumns, 'bucket', 'count'] as const satisfies readonly (keyof RunLatencyBucketsTable)[];
export const allLatencyBucketColumns = [...allRollupKeyColumns, 'bucket', 'count'] as const satisfies readonly (keyof RunLatencyBucketsAllTable)[];
/** A safety verdict count is identified by its rollup's key, the layer and the verdict. */
export const safetyVerdictKeyColumns = [...rollupKeyColumns, 'layer', 'verdict'] as const satisfies readonly (keyof RunSafetyVerdictsTable)[];
export const allSafetyVerdictKeyColumns = [...allRollupKeyColumns, 'layer', 'verdict'] as const satisfies readonly (keyof RunSafetyVerdictsAllTable)[];
export const safetyVerdictColumns = [...safetyVerdictKeyColumns, 'count'] as const;
export const allSafetyVerdictColumns = [...allSafetyVerdictKeyColumns, 'count'] as const;

/** What a batch of runs adds to each rollup table, one row per key, sorted by key. */
export interface RollupIncrements {
  rollups: RunRollupsTable[];
  buckets: RunLatencyBucketsTable[];
  allRollups: RunRollupsAllTable[];
  allBuckets: RunLatencyBucketsAllTable[];
  /** Flagged and blocked safety verdicts per rollup key and layer. */
  verdicts: RunSafetyVerdictsTable[];
  allVerdicts: RunSafetyVerdictsAllTable[];
}

const counted = new Set<RunRecord['status']>(['succeeded', 'failed', 'blocked']);

/**
 * What a batch of runs adds to the daily rollups, per account and over every run: the sums, the latency
 * buckets and the flagged and blocked safety verdicts per layer. Rows are sorted by key,
 * so every writer takes the rows' locks in the same order and concurrent batches on PostgreSQL wait for
 * each other instead of deadlocking. Runs not yet finished (queued, running) are not counted.
 */
export function rollupIncrements(runs: readonly RunRecord[]): RollupIncrements {
  const accounts = new RollupAccumulator<AccountRollupKey>();
  const all = new RollupAccumulator<RollupKey>();
  for (const run of runs) {
    if (!counted.has(run.status)) continue;
    const key = { day: run.createdAt.slice(0, 10), agent: run.agent, model: run.model ?? '', provider: run.provider ?? '' };
    const bucket = latencyBucket(run.latencyMs);
    accounts.add(run, { account_id: run.accountId ?? anonymousAccountKey, ...key }, bucket);
    all.add(run, key, bucket);
  }
  return {
    rollups: accounts.rollups(),
    buckets: accounts.buckets(),
    allRollups: all.rollups(),
    allBuckets: all.buckets(),
    verdicts: accounts.verdicts(),
    allVerdicts: all.verdicts(),
  };
}

type RollupKey = Pick<RunRollupsAllTable, (typeof allRollupKeyColumns)[number]>;
type AccountRollupKey = Pick<RunRollupsTable, (typeof rollupKeyColumns)[number]>;
type RollupCounters = Pick<RunRollupsAllTable, (typeof rollupCounterColumns)[number]>;

/** Sums per key, counts per key and bucket, and counts per key, layer and verdict, for one rollup level. */
class RollupAccumulator<Key extends RollupKey & { account_id?: string }> {
  readonly #rollups = new Map<string, Key & RollupCounters>();
  readonly #buckets = new Map<string, Key & { bucket: number; count: number }>();
  readonly #verdicts = new Map<string, Key & { layer: string; verdict: string; count: number }>();

  add(run: RunRecord, key: Key, bucket: number): void {
    // '\u0000' sorts before every other character, so ordering the joined text orders the keys column by column.
    const keyText = [key.account_id ?? '', key.day, key.agent, key.model, key.provider].join('\u0000');
    let rollup = this.#rollups.get(keyText);
    if (!rollup) {
      rollup = { ...key, requests: 0, succeeded: 0, failed: 0, blocked: 0, input_tokens: 0, output_tokens: 0, cost_usd: 0 };
      this.#rollups.set(keyText, rollup);
    }
    rollup.requests += 1;
    if (run.status === 'succeeded') rollup.succeeded += 1;
    else if (run.status === 'failed') rollup.failed += 1;
    else rollup.blocked += 1;
    rollup.input_tokens += run.inputTokens;
    rollup.output_tokens += run.outputTokens;
    rollup.cost_usd += run.costUsd;
    // Zero-padded, so the text order is the numeric order of the bucket.
    const bucketText = `${keyText}\u0000${String(bucket).padStart(2, '0')}`;
    const counts = this.#buckets.get(bucketText);
    if (counts) counts.count += 1;
    else this.#buckets.set(bucketText, { ...key, bucket, count: 1 });
    for (const { layer, verdict } of run.safetyVerdicts ?? []) {
      const verdictText = `${keyText}\u0000${layer}\u0000${verdict}`;
      const verdicts = this.#verdicts.get(verdictText);
      if (verdicts) verdicts.count += 1;
      else this.#verdicts.set(verdictText, { ...key, layer, verdict, count: 1 });
    }
  }

  rollups(): (Key & RollupCounters)[] {
    return sortedValues(this.#rollups);
  }

  buckets(): (Key & { bucket: number; count: number })[] {
    return sortedValues(this.#buckets);
  }

  verdicts(): (Key & { layer: string; verdict: string; count: number })[] {
    return sortedValues(this.#verdicts);
  }
}

function sortedValues<Row>(rows: Map<string, Row>): Row[] {
  return [...rows.entries()].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)).map(([, row]) => row);
}
