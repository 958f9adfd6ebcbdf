import type { CreateTableBuilder, Kysely } from 'kysely';

// Frozen: a migration describes the schema as it was when written; later changes get new files.
// Safety verdicts that analytics count (docs/decisions/0050-safety-policy-modes.md): per rollup key (as in
// 0010-run-rollups) and safety layer, how many of its verdicts were `flag` and how many `block`, kept in
// the same write as the runs. Per account (`account_id` '' for anonymous runs) and over every run
// (`_all`). Runs stored before this migration kept no verdicts: their days count none.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export async function up(db: Kysely<any>): Promise<void> {
  for (const { suffix, accountColumns } of [
    { suffix: '', accountColumns: ['account_id'] },
    { suffix: '_all', accountColumns: [] },
  ]) {
    const table = `run_safety_verdicts${suffix}`;
    const keyColumns = [...accountColumns, 'day', 'agent', 'model', 'provider', 'layer', 'verdict'];
    let builder: CreateTableBuilder<string, string> = db.schema.createTable(table);
    for (const column of keyColumns) builder = builder.addColumn(column, 'text', (definition) => definition.notNull());
    await builder
      .addColumn('count', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, keyColumns)
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['run_safety_verdicts_all', 'run_safety_verdicts']) await db.schema.dropTable(table).execute();
}
