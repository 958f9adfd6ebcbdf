import { CompiledQuery } from 'kysely';
import type { QuotaSettlement } from '../../../ports/quota-ledger.ts';
import type { RollupIncrements } from './run-rollup-rows.ts';
import {
  allLatencyBucketColumns,
  allRollupColumns,
  allRollupKeyColumns,
  allSafetyVerdictColumns,
  allSafetyVerdictKeyColumns,
  latencyBucketColumns,
  rollupColumns,
  rollupCounterColumns,
  rollupKeyColumns,
  safetyVerdictColumns,
  safetyVerdictKeyColumns,
} from './run-rollup-rows.ts';

/** `INSERT` of the rows of a JSON array parameter, typed by the table's own row type. */
function insertRows(table: string, columns: readonly string[], parameter: number): string {
  const list = columns.join(', ');
  return `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, $${parameter}::json)`;
}

/** Adds each row's counters to the stored row of the same key. */
function upsertRows(table: string, columns: readonly string[], keyColumns: readonly string[], counters: readonly string[], parameter: number): string {
  const sums = counters.map((column) => `${column} = ${table}.${column} + excluded.${column}`).join(', ');
  return `${insertRows(table, columns, parameter)} on conflict (${keyColumns.join(', ')}) do update set ${sums}`;
}

/**
 * PostgreSQL: a whole batch of the run log in one statement, so one round trip and no explicit transaction
 * (a statement is atomic): the runs, what they add to the four rollup tables and the two of safety verdicts, and the settling of their quota
 * holds (see settleHolds, which does the same in several statements): the holds are deleted, each counter
 * gets back what its holds held and the runs did not keep, and a kept unit whose hold is gone counts again.
 * Every row set is a JSON array parameter, so the SQL is the same for every batch size and PostgreSQL plans
 * it once per connection. Rows come sorted by key (see rollupIncrements) and counters are locked in key
 * order, so concurrent batches take their row locks in the same order.
 */
function runBatchSql(runColumns: readonly string[]): string {
  return [
    'with',
    `inserted as (${insertRows('runs', runColumns, 1)}),`,
    `rollups as (${upsertRows('run_rollups', rollupColumns, rollupKeyColumns, rollupCounterColumns, 2)}),`,
    `buckets as (${upsertRows('run_latency_buckets', latencyBucketColumns, [...rollupKeyColumns, 'bucket'], ['count'], 3)}),`,
    `rollups_all as (${upsertRows('run_rollups_all', allRollupColumns, allRollupKeyColumns, rollupCounterColumns, 4)}),`,
    `buckets_all as (${upsertRows('run_latency_buckets_all', allLatencyBucketColumns, [...allRollupKeyColumns, 'bucket'], ['count'], 5)}),`,
    `verdicts as (${upsertRows('run_safety_verdicts', safetyVerdictColumns, safetyVerdictKeyColumns, ['count'], 7)}),`,
    `verdicts_all as (${upsertRows('run_safety_verdicts_all', allSafetyVerdictColumns, allSafetyVerdictKeyColumns, ['count'], 8)}),`,
    'settled as (select * from json_to_recordset($6::json) as settlement(hold_id text, counter_key text, kept_units integer, counter_expires_at text)),',
    'ended as (delete from usage_holds where id in (select hold_id from settled) returning id, units),',
    'changes as (',
    '  select settled.counter_key, min(settled.counter_expires_at) as expires_at, sum(settled.kept_units - coalesce(ended.units, 0)) as delta',
    '  from settled left join ended on ended.id = settled.hold_id group by settled.counter_key',
    '),',
    'raised as (',
    '  insert into usage_counters (key, count, expires_at) select counter_key, delta, expires_at from changes where delta > 0 order by counter_key',
    '  on conflict (key) do update set count = usage_counters.count + excluded.count',
    '),',
    'locked as (select key from usage_counters where key in (select counter_key from changes where delta < 0) order by key for update),',
    'lowered as (',
    '  update usage_counters set count = greatest(usage_counters.count + changes.delta, 0)',
    '  from changes, locked where usage_counters.key = changes.counter_key and locked.key = changes.counter_key and changes.delta < 0',
    ')',
    'select 1 as done',
  ].join('\n');
}

/** The run log's batched write on PostgreSQL as one compiled statement; the values change, the SQL does not. */
export class RunBatchStatement {
  readonly #sql: string;

  constructor(runColumns: readonly string[]) {
    this.#sql = runBatchSql(runColumns);
  }

  /** The statement for these rows (runs as their `runs` rows) and the holds they settle. */
  query(rows: readonly object[], increments: RollupIncrements, settlements: readonly QuotaSettlement[]): CompiledQuery<unknown> {
    const settled = settlements.map((settlement) => ({
      hold_id: settlement.holdId,
      counter_key: settlement.counterKey,
      kept_units: settlement.keptUnits,
      counter_expires_at: settlement.counterExpiresAt,
    }));
    return CompiledQuery.raw(this.#sql, [rows, increments.rollups, increments.buckets, increments.allRollups, increments.allBuckets, settled, increments.verdicts, increments.allVerdicts].map((values) => JSON.stringify(values)));
  }
}
