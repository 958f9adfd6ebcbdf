import { performance } from 'node:perf_hooks';
import type { Telemetry } from '../../../ports/telemetry.ts';
import { AppError } from '../../errors.ts';
import { furthest } from '../../quotas/usage-meter.ts';
import { runFailover, runOutputBudget, type AttemptReport, type FailoverDependencies, type FailoverRequest, type FailoverResult } from '../../routing/failover.ts';
import type { RoutingDecision } from '../../routing/model-router.ts';
import { dataBlockRule } from '../../safety/data-blocks.ts';
import { buildInstructions } from '../agent-instructions.ts';
import { promisedFields } from '../promises/agent-promise.ts';
import { narrowOutputSchema } from '../promises/narrow-output-schema.ts';
import { settleOutput } from '../promises/settle-output.ts';
import { betterCandidate, modelsAfter, regenerationReason, type OutputCandidate } from '../output-candidate.ts';
import { withToolData } from '../tool-data-prompt.ts';
import type { StreamedDelta } from './run-command.ts';
import { describeRouting, type RoutingReport } from './run-result.ts';
import type { RunInProgress } from './run-in-progress.ts';
import { RunEnded } from './run-ending.ts';
import { screenCandidate, type CandidateScreen } from './screen-candidate.ts';
import type { ToolWork } from './tool-data-stage.ts';

/** The answer a run keeps, with every attempt made for it. */
export interface ChosenAnswer {
  /** The kept answer through the output text layers and the quality score. */
  chosen: OutputCandidate;
  attempts: AttemptReport[];
  /** The routing as the caller sees it, with the models the first failover skipped. */
  routing: RoutingReport;
  /** Why the first answer was weighed against one from the next model, when it was. */
  regenerated: 'output_blocked' | 'quality' | undefined;
}

export type AttemptDependencies = {
  telemetry: Telemetry;
  failover: FailoverDependencies;
  safety: CandidateScreen;
  options: { upstreamTimeoutMs: number; upstreamDeadlineMs: number };
};

/**
 * Stage 6, attempt: the agent's task down the failover chain, streamed to the caller when asked. A chain that
 * did not answer ends the run as failed. An answer the output layers block or score below the threshold is
 * generated again on the next model, within what is left of the deadline, and the better one kept; not once
 * the answer has been streamed: what the caller has seen cannot be replaced.
 */
export async function attemptWithFailover(dependencies: AttemptDependencies, run: RunInProgress, routing: RoutingDecision, tools: ToolWork): Promise<ChosenAnswer> {
  const { command, agent, task } = run;
  const { failover, options } = dependencies;
  // The chain's own clock: what is left of the deadline for a second answer is measured as the chain measures it.
  const now = failover.monotonicNow ?? (() => performance.now());
  const generationStartedAt = now();
  const generation = generationRequest(run, tools, options.upstreamTimeoutMs);
  run.progress = furthest(run.progress, 'outbound');
  const streaming = command.onDelta ? { onDelta: streamedTo(command.onDelta, run, routing) } : {};
  const result = billed(dependencies.telemetry, run, await runFailover(failover, routing.chain, { ...generation, deadlineMs: options.upstreamDeadlineMs, ...streaming }));
  const report = describeRouting(routing, result.skipped);
  if (!result.ok) throw unanswered(run, result, report);
  run.progress = 'answered';

  const attempts = [...result.attempts];
  let chosen = await screenCandidate(dependencies.safety, agent, task, result.model, result.output);
  const reason = regenerationReason(chosen);
  let regenerated: ChosenAnswer['regenerated'];
  const remainingMs = options.upstreamDeadlineMs - (now() - generationStartedAt);
  const nextModels = modelsAfter(routing.chain, result.model);
  if (reason && !command.onDelta && nextModels.length > 0 && remainingMs > 0) {
    const second = billed(dependencies.telemetry, run, await runFailover(failover, nextModels, { ...generation, deadlineMs: remainingMs }));
    attempts.push(...second.attempts);
    if (second.ok) {
      chosen = betterCandidate(chosen, await screenCandidate(dependencies.safety, agent, task, second.model, second.output));
      regenerated = reason;
    }
  }
  return { chosen, attempts, routing: report, regenerated };
}

/**
 * What every model of the chain is asked: the agent's instructions, its task with what tools gathered in data
 * blocks, and its output schema with the promises to this request's fields written in. Each answer is mended
 * and held to those promises by code, within one budget of unusable answers for the whole run.
 */
function generationRequest(run: RunInProgress, tools: ToolWork, attemptTimeoutMs: number): Omit<FailoverRequest, 'deadlineMs' | 'onDelta'> {
  const { agent, task } = run;
  const fields = promisedFields(agent.promises, task.fields, task.userPrompt !== undefined);
  return {
    instructions: tools.gathered.length > 0 ? `${buildInstructions(agent)}\n\n${dataBlockRule}` : buildInstructions(agent),
    prompt: withToolData(task.prompt, tools.gathered),
    outputSchema: narrowOutputSchema(agent.output, agent.promises, fields),
    outputValidator: agent.outputValidator,
    settle: (output) => settleOutput(agent, fields, output),
    budget: runOutputBudget(),
    attemptTimeoutMs,
    sampling: run.command.sampling,
    signal: run.command.signal,
  };
}

/** Each piece of the answer as it arrives, to the caller, with the run, the route and the quota it belongs to. */
function streamedTo(onDelta: (delta: StreamedDelta) => void, run: RunInProgress, routing: RoutingDecision): NonNullable<FailoverRequest['onDelta']> {
  return (model, text) => onDelta({ runId: run.runId, agentId: run.agent.id, model, text, routing: describeRouting(routing, []), quota: run.reservation.snapshot });
}

/** A failover run's attempts reported, and its answered calls added to what the run is billed for. */
function billed(telemetry: Telemetry, run: RunInProgress, result: FailoverResult): FailoverResult {
  for (const attempt of result.attempts) telemetry.upstreamAttempt({ provider: attempt.provider, model: attempt.model, outcome: attempt.outcome, seconds: attempt.ms / 1000 });
  run.calls.push(...result.calls);
  return result;
}

/**
 * A chain that gave no usable answer ends the run as failed: `agent_failed` when a model refused the request
 * itself or stopped mid-answer (no other model is tried then), otherwise 503 `upstream_unavailable`.
 */
function unanswered(run: RunInProgress, result: Extract<FailoverResult, { ok: false }>, routing: RoutingReport): RunEnded {
  if (result.stoppedBy) {
    const { kind, message } = result.stoppedBy;
    const why = kind === 'interrupted' ? 'the model stopped mid-answer' : kind === 'invalid_output' ? message : `the model rejected the request (${kind})`;
    const refusal = new AppError('agent_failed', `The agent could not run: ${why}`, {
      runId: run.runId,
      attempts: result.attempts,
    });
    return new RunEnded(refusal, { status: 'failed', errorCode: 'agent_failed', model: result.lastModel });
  }
  const refusal = new AppError(
    'upstream_unavailable',
    'Every model in the failover chain failed; retry with exponential backoff',
    { runId: run.runId, attempts: result.attempts, routing },
    { retryAfterSeconds: 5 },
  );
  return new RunEnded(refusal, { status: 'failed', errorCode: 'upstream_unavailable', model: result.lastModel });
}
