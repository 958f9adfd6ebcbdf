import { sql, type Kysely } from 'kysely';

// Frozen: a migration describes the schema as it was when written; later changes get new files.
// One run resource (docs/decisions/0049-one-run-resource.md): an execution in the run log that belongs to a
// durable run (a step of a playbook run, or the agent run a trigger started) names that run, so the list of
// runs shows it inside its parent instead of beside it. Executions recorded before this migration are linked
// through the step that kept their id; attempts no step kept had no link and stay top-level.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('runs').addColumn('parent_run_id', 'text').execute();
  await sql`
    update runs set parent_run_id = (
      select playbook_steps.run_id from playbook_steps where playbook_steps.agent_run_id = runs.id limit 1
    )
    where id in (select agent_run_id from playbook_steps where agent_run_id is not null)
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('runs').dropColumn('parent_run_id').execute();
}
