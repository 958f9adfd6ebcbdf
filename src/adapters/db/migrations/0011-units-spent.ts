import { sql, type Kysely } from 'kysely';

// Frozen: a migration describes the schema as it was when written; later changes get new files.
// The quota units a run has spent: one per step done, and one per step whose work was paid for although it
// did not succeed (a model answered, or the step was running when the run was canceled). Refunds give
// back what was reserved and not spent. Filled from the steps done so far, which is what refunds read before.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('playbook_runs').addColumn('units_spent', 'integer', (column) => column.notNull().defaultTo(0)).execute();
  await sql`UPDATE playbook_runs SET units_spent = (SELECT COUNT(*) FROM playbook_steps WHERE playbook_steps.run_id = playbook_runs.id AND playbook_steps.status = 'done')`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('playbook_runs').dropColumn('units_spent').execute();
}
