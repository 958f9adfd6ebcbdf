import { sql, type Kysely } from 'kysely';
import { latencyBucketCount } from '../../../domain/analytics/latency-buckets.ts';
import type { AnalyticsRepository, RollupGroup, RollupQuery } from '../../../ports/analytics-repository.ts';
import type { DatabaseSchema } from '../database-schema.ts';

/**
 * Reports from the daily rollups the run log keeps (see run-rollup-rows.ts): three grouped reads over one
 * account's rows, or the rollups over every run, for the range of days, whatever the number of runs
 * behind them.
 */
export class KyselyAnalyticsRepository implements AnalyticsRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async rollups(query: RollupQuery): Promise<RollupGroup[]> {
    const account = query.scope === 'all' ? undefined : query.scope.accountId;
    const [rollups, buckets, verdicts] =
      account === undefined ? (['run_rollups_all', 'run_latency_buckets_all', 'run_safety_verdicts_all'] as const) : (['run_rollups', 'run_latency_buckets', 'run_safety_verdicts'] as const);
    const key = query.groupBy;
    const [sums, bucketCounts, verdictCounts] = await Promise.all([
      this.#db
        .selectFrom(rollups)
        .select((eb) => [
          eb.ref(key).as('key'),
          eb.fn.sum<number | string>('requests').as('requests'),
          eb.fn.sum<number | string>('succeeded').as('succeeded'),
          eb.fn.sum<number | string>('failed').as('failed'),
          eb.fn.sum<number | string>('blocked').as('blocked'),
          eb.fn.sum<number | string>('input_tokens').as('input_tokens'),
          eb.fn.sum<number | string>('output_tokens').as('output_tokens'),
          eb.fn.sum<number | string>('cost_usd').as('cost_usd'),
        ])
        .$if(account !== undefined, (builder) => builder.where(sql.ref('account_id'), '=', account))
        .where('day', '>=', query.fromDay)
        .where('day', '<=', query.toDay)
        .groupBy(key)
        .execute(),
      this.#db
        .selectFrom(buckets)
        .select((eb) => [eb.ref(key).as('key'), 'bucket', eb.fn.sum<number | string>('count').as('count')])
        .$if(account !== undefined, (builder) => builder.where(sql.ref('account_id'), '=', account))
        .where('day', '>=', query.fromDay)
        .where('day', '<=', query.toDay)
        .groupBy([key, 'bucket'])
        .execute(),
      this.#db
        .selectFrom(verdicts)
        .select((eb) => [eb.ref(key).as('key'), 'layer', 'verdict', eb.fn.sum<number | string>('count').as('count')])
        .$if(account !== undefined, (builder) => builder.where(sql.ref('account_id'), '=', account))
        .where('day', '>=', query.fromDay)
        .where('day', '<=', query.toDay)
        .groupBy([key, 'layer', 'verdict'])
        .execute(),
    ]);
    const groups = new Map<string, RollupGroup>();
    for (const row of sums) {
      groups.set(row.key, {
        // '' is how the rollups store "no model" (and "no provider").
        key: row.key === '' ? null : row.key,
        requests: Number(row.requests),
        succeeded: Number(row.succeeded),
        failed: Number(row.failed),
        blocked: Number(row.blocked),
        inputTokens: Number(row.input_tokens),
        outputTokens: Number(row.output_tokens),
        costUsd: Number(row.cost_usd),
        latencyCounts: new Array<number>(latencyBucketCount).fill(0),
        safety: { flagged: {}, blocked: {} },
      });
    }
    for (const row of bucketCounts) {
      const group = groups.get(row.key);
      if (group) group.latencyCounts[Number(row.bucket)] = Number(row.count);
    }
    for (const row of verdictCounts) {
      const counts = groups.get(row.key)?.safety;
      if (counts) (row.verdict === 'flag' ? counts.flagged : counts.blocked)[row.layer] = Number(row.count);
    }
    return [...groups.values()];
  }
}
