import type { Kysely } from 'kysely';

// Frozen: a migration describes the schema as it was when written; later changes get new files.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('playbook_runs').addColumn('callback_url', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('playbook_runs').dropColumn('callback_url').execute();
}
