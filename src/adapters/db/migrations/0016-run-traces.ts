import type { Kysely } from 'kysely';

// Frozen: a migration describes the schema as it was when written; later changes get new files.
// What a run went through, for the run's page (docs/decisions/0066-run-traces.md): the safety layers' verdicts
// (no text), the model attempts and the routing reason, as JSON. Runs stored before this migration have none.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('runs').addColumn('trace', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('runs').dropColumn('trace').execute();
}
