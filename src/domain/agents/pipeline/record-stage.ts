import { AppError } from '../../errors.ts';
import { elapsedMs } from '../../routing/failover.ts';
import type { ChosenAnswer } from './attempt-stage.ts';
import type { CheckedOutput } from './check-output-stage.ts';
import type { AgentRunSuccess } from './run-result.ts';
import type { RunInProgress } from './run-in-progress.ts';
import { recordFailure, recordRun, type RunRecorder } from './run-recorder.ts';

/**
 * Stage 8, record: the answer goes to whoever asked to keep it first (onAnswer), then the run is recorded as
 * succeeded, which keeps its unit. An answer no longer wanted is recorded as failed (`answer_discarded`, its
 * model calls paid for) and refused with 409 `conflict`.
 */
export async function recordAnswer(recorder: RunRecorder, run: RunInProgress, answer: ChosenAnswer, checked: CheckedOutput): Promise<AgentRunSuccess> {
  const { model } = answer.chosen;
  const data = { ...checked.output, model: model.id };
  const responseTimeMs = elapsedMs(run.startedAt);
  if ((await run.command.onAnswer?.({ runId: run.runId, data, model: model.id })) === false) {
    await recordFailure(recorder, run, model, 'answer_discarded', checked.layers);
    throw new AppError('conflict', 'The answer came after its work was handed over; it was discarded', { runId: run.runId });
  }
  await recordRun(recorder, run, model, { status: 'succeeded', errorCode: null, usage: checked.usage, output: JSON.stringify(data), layers: checked.layers });
  return {
    runId: run.runId,
    agent: run.agent,
    data,
    model,
    attempts: answer.attempts,
    routing: answer.routing,
    usage: checked.usage,
    safety: checked.safety,
    quota: run.reservation.snapshot,
    responseTimeMs,
  };
}
