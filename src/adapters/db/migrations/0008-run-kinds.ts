import type { Kysely } from 'kysely';

// Frozen: a migration describes the schema as it was when written; later changes get new files.
// A run is a playbook's steps, or one agent run started by a trigger and executed as a single step.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('playbook_runs').addColumn('kind', 'text', (column) => column.notNull().defaultTo('playbook')).execute();
  await db.schema.createIndex('playbook_runs_account_kind_created').on('playbook_runs').columns(['account_id', 'kind', 'created_at', 'id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('playbook_runs_account_kind_created').execute();
  await db.schema.alterTable('playbook_runs').dropColumn('kind').execute();
}
