import type { Kysely } from 'kysely';

// Frozen: a migration describes the schema as it was when written; later changes get new files.
// A playbook step's answer, stored as soon as its agent answered and only by the process holding the step's
// claim: a step taken over or retried after that reuses it instead of calling the model again.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('playbook_step_answers')
    .addColumn('run_id', 'text', (column) => column.notNull().references('playbook_runs.id').onDelete('cascade'))
    .addColumn('step_index', 'integer', (column) => column.notNull())
    .addColumn('attempt', 'integer', (column) => column.notNull())
    .addColumn('result', 'text', (column) => column.notNull())
    .addColumn('model', 'text', (column) => column.notNull())
    .addColumn('agent_run_id', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('playbook_step_answers_pk', ['run_id', 'step_index'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('playbook_step_answers').execute();
}
