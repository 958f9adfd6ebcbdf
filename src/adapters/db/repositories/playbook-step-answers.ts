import type { Kysely } from 'kysely';
import type { StepAnswerRecord, StepAnswerUsage, StepClaim } from '../../../ports/playbook-run-repository.ts';
import type { DatabaseSchema } from '../database-schema.ts';
import { packJsonText, unpackJsonText } from '../packed-json-text.ts';

// A step's stored answer (PlaybookRunRepository.storeStepAnswer, findStepAnswer). Portable SQL.

/**
 * Inserts the answer only while `claim` is the step's current claim in a running run: the insert reads the
 * step's row in the same statement, so a process that lost the claim (paused past its lease, say) writes
 * nothing. An answer already stored stays.
 */
export async function storeStepAnswer(db: Kysely<DatabaseSchema>, runId: string, stepIndex: number, claim: StepClaim, answer: Omit<StepAnswerRecord, 'attempt'>): Promise<boolean> {
  const packed = await packJsonText(answer.result);
  const result = await db
    .insertInto('playbook_step_answers')
    .columns(['run_id', 'step_index', 'attempt', 'result', 'model', 'agent_run_id', 'created_at', 'usage'])
    .expression(
      db
        .selectFrom('playbook_steps')
        .select((eb) => [
          'playbook_steps.run_id',
          'playbook_steps.step_index',
          'playbook_steps.attempts',
          eb.val(packed).as('result'),
          eb.val(answer.model).as('model'),
          eb.val(answer.agentRunId).as('agent_run_id'),
          eb.val(answer.createdAt).as('created_at'),
          eb.val(answer.usage ? JSON.stringify(answer.usage) : null).as('usage'),
        ])
        .where('playbook_steps.run_id', '=', runId)
        .where('playbook_steps.step_index', '=', stepIndex)
        .where('playbook_steps.status', '=', 'running')
        .where('playbook_steps.lease_owner', '=', claim.owner)
        .where('playbook_steps.attempts', '=', claim.attempt)
        .where((eb) => eb.exists(eb.selectFrom('playbook_runs').select('playbook_runs.id').where('playbook_runs.id', '=', runId).where('playbook_runs.status', '=', 'running'))),
    )
    .onConflict((conflict) => conflict.columns(['run_id', 'step_index']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function findStepAnswer(db: Kysely<DatabaseSchema>, runId: string, stepIndex: number): Promise<StepAnswerRecord | undefined> {
  const row = await db.selectFrom('playbook_step_answers').selectAll().where('run_id', '=', runId).where('step_index', '=', stepIndex).executeTakeFirst();
  return (
    row && {
      result: unpackJsonText(row.result),
      model: row.model,
      agentRunId: row.agent_run_id,
      attempt: Number(row.attempt),
      createdAt: row.created_at,
      usage: row.usage ? (JSON.parse(row.usage) as StepAnswerUsage) : null,
    }
  );
}
