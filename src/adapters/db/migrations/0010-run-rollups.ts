import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen: a migration describes the schema as it was when written; later changes get new files.
// Daily sums of the run log for analytics, kept from now on in the transaction that writes the runs, and
// filled here from the runs already stored: per account (`account_id` '' for anonymous runs) in
// run_rollups and run_latency_buckets, and over every run in the *_all tables, so that a report on all
// accounts reads only its own rows. `model` and `provider` are '' when no model answered.

/** Latency bucket bounds in ms as they were when written (domain/analytics/latency-buckets.ts). */
export const frozenLatencyBucketBounds = [
  1, 1.25, 1.563, 1.953, 2.441, 3.052, 3.815, 4.768, 5.96, 7.451, 9.313, 11.642, 14.552, 18.19, 22.737, 28.422, 35.527, 44.409, 55.511, 69.389,
  86.736, 108.42, 135.525, 169.407, 211.758, 264.698, 330.872, 413.59, 516.988, 646.235, 807.794, 1009.742, 1262.177, 1577.722, 1972.152,
  2465.19, 3081.488, 3851.86, 4814.825, 6018.531, 7523.164, 9403.955, 11754.944, 14693.679, 18367.099, 22958.874, 28698.593, 35873.241,
  44841.551, 56051.939, 70064.923, 87581.154, 109476.443, 136845.553, 171056.941, 213821.177, 267276.471, 334095.589, 417619.486, 522024.357,
  652530.447,
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export async function up(db: Kysely<any>): Promise<void> {
  const bucket = sql.raw(`CASE ${frozenLatencyBucketBounds.map((bound, index) => `WHEN latency_ms < ${bound} THEN ${index}`).join(' ')} ELSE ${frozenLatencyBucketBounds.length} END`);
  const shared = sql`substr(created_at, 1, 10), agent, coalesce(model, ''), coalesce(provider, '')`;
  const levels = [
    { suffix: '', accountColumns: ['account_id'], accountValue: sql`coalesce(account_id, ''), ` },
    { suffix: '_all', accountColumns: [], accountValue: sql`` },
  ];
  for (const { suffix, accountColumns, accountValue } of levels) {
    const keyColumns = [...accountColumns, 'day', 'agent', 'model', 'provider'];
    const rollups = `run_rollups${suffix}`;
    const buckets = `run_latency_buckets${suffix}`;
    let rollupTable: CreateTableBuilder<string, string> = db.schema.createTable(rollups);
    let bucketTable: CreateTableBuilder<string, string> = db.schema.createTable(buckets);
    for (const column of keyColumns) {
      rollupTable = rollupTable.addColumn(column, 'text', (definition) => definition.notNull());
      bucketTable = bucketTable.addColumn(column, 'text', (definition) => definition.notNull());
    }
    // Runs of one key in one day stay far below 2^31; a busy day's tokens over every account do not.
    await rollupTable
      .addColumn('requests', 'integer', (column) => column.notNull())
      .addColumn('succeeded', 'integer', (column) => column.notNull())
      .addColumn('failed', 'integer', (column) => column.notNull())
      .addColumn('blocked', 'integer', (column) => column.notNull())
      .addColumn('input_tokens', 'bigint', (column) => column.notNull())
      .addColumn('output_tokens', 'bigint', (column) => column.notNull())
      .addColumn('cost_usd', 'double precision', (column) => column.notNull())
      // Every report reads one account (or all) over a range of days: the key's order serves it.
      .addPrimaryKeyConstraint(`${rollups}_pk`, keyColumns)
      .execute();
    await bucketTable
      .addColumn('bucket', 'integer', (column) => column.notNull())
      .addColumn('count', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint(`${buckets}_pk`, [...keyColumns, 'bucket'])
      .execute();

    const groupBy = sql`${accountValue}${shared}`;
    await sql`
      INSERT INTO ${sql.table(rollups)} (${sql.raw(keyColumns.join(', '))}, requests, succeeded, failed, blocked, input_tokens, output_tokens, cost_usd)
      SELECT ${groupBy}, count(*),
        sum(CASE WHEN status = 'succeeded' THEN 1 ELSE 0 END),
        sum(CASE WHEN status = 'failed' THEN 1 ELSE 0 END),
        sum(CASE WHEN status = 'blocked' THEN 1 ELSE 0 END),
        sum(input_tokens), sum(output_tokens), sum(cost_usd)
      FROM runs
      WHERE status IN ('succeeded', 'failed', 'blocked')
      GROUP BY ${groupBy}`.execute(db);
    await sql`
      INSERT INTO ${sql.table(buckets)} (${sql.raw(keyColumns.join(', '))}, bucket, count)
      SELECT ${groupBy}, ${bucket}, count(*)
      FROM runs
      WHERE status IN ('succeeded', 'failed', 'blocked')
      GROUP BY ${groupBy}, ${bucket}`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['run_latency_buckets_all', 'run_rollups_all', 'run_latency_buckets', 'run_rollups']) await db.schema.dropTable(table).execute();
}
