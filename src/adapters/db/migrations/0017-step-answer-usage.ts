import type { Kysely } from 'kysely';

// Frozen: a migration describes the schema as it was when written; later changes get new files.
// What a step's stored answer cost (tokens, cost and the model's provider, as JSON): when the database failed
// between the answer and the run log's row, the step completes from the answer and writes that row then,
// with what the calls spent (docs/decisions/0044-playbook-step-takeover.md). Answers stored before have none.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('playbook_step_answers').addColumn('usage', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('playbook_step_answers').dropColumn('usage').execute();
}
