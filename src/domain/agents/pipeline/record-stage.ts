import type { Clock } from '../../../ports/clock.ts';
import type { CountedSafetyVerdict, RunRecord, RunRepository, RunTrace } from '../../../ports/run-repository.ts';
import type { Telemetry } from '../../../ports/telemetry.ts';
import { AppError } from '../../errors.ts';
import { spentUnit } from '../../quotas/usage-meter.ts';
import { elapsedMs, type AttemptReport } from '../../routing/failover.ts';
import type { ModelDefinition } from '../../routing/model-definition.ts';
import type { LayerReport } from '../../safety/safety-layer.ts';
import type { SafetyPipeline } from '../../safety/safety-pipeline.ts';
import type { Agent } from '../agent.ts';
import { totalUsage, type RunUsage } from '../run-usage.ts';
import type { ChosenAnswer } from './attempt-stage.ts';
import type { CheckedOutput } from './check-output-stage.ts';
import { RunEnded } from './run-ending.ts';
import type { RunInProgress } from './run-in-progress.ts';
import type { AgentRunSuccess } from './run-result.ts';

/** Where runs are stored and reported. */
export interface RunRecorder {
  runs: RunRepository;
  telemetry: Telemetry;
  clock: Clock;
}

type PiiScreen = Pick<SafetyPipeline, 'screenPii'>;

export interface RunOutcome {
  status: Exclude<RunRecord['status'], 'queued' | 'running'>;
  errorCode: string | null;
  usage?: RunUsage;
  output?: string;
  /** The layers the run went through; by default the input layers (see recordRun). */
  layers?: readonly LayerReport[] | undefined;
  /** Give the unit back whatever the run reached (see EndingRecord.refund). */
  refund?: boolean | undefined;
  /** The model attempts and the routing of a run that got an answer, for its trace. */
  attempts?: readonly AttemptReport[];
  routing?: { category: string; policy: string; reason: string };
}

/**
 * Stage 8, record, for a run that answered: the answer goes to whoever asked to keep it first (onAnswer),
 * then the run is recorded as succeeded, which keeps its unit. An answer no longer wanted ends the run as
 * failed (`answer_discarded`, its model calls paid for), refused with 409 `conflict`.
 */
export async function recordAnswer(recorder: RunRecorder, run: RunInProgress, answer: ChosenAnswer, checked: CheckedOutput): Promise<AgentRunSuccess> {
  const { model } = answer.chosen;
  const data = { ...checked.output, model: model.id };
  const responseTimeMs = elapsedMs(run.startedAt);
  if ((await run.command.onAnswer?.({ runId: run.runId, data, model: model.id, provider: model.provider, usage: checked.usage })) === false) {
    const conflict = new AppError('conflict', 'The answer came after its work was handed over; it was discarded', { runId: run.runId });
    throw new RunEnded(conflict, { status: 'failed', errorCode: 'answer_discarded', model, layers: checked.layers });
  }
  await recordRun(recorder, run, model, {
    status: 'succeeded',
    errorCode: null,
    usage: checked.usage,
    // An answer its owner kept (a playbook step's) is stored there only: this row holds none, and the step names this run.
    ...(run.command.onAnswer ? {} : { output: JSON.stringify(data) }),
    layers: checked.layers,
    attempts: answer.attempts,
    routing: answer.routing,
  });
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

/**
 * Stage 8, record, for a run that ended early: a stage that ended it after it got far enough (RunEnded) has
 * it stored as it says; then what the run did not spend is given back, and the error goes to the caller
 * with PII screened out. A record settles what it kept; a run that could not be recorded gives its unit
 * back, so usage always matches the stored runs. A release that fails leaves the hold to expire, which
 * gives it back too. Returns the error to throw.
 */
export async function endRun(dependencies: RunRecorder & { safety: PiiScreen }, run: RunInProgress, error: unknown): Promise<unknown> {
  let refusal = error;
  if (error instanceof RunEnded) {
    const { status, errorCode, model, layers, refund } = error.record;
    // A record that cannot be stored (the database went away) is what the caller hears of.
    refusal = await recordRun(dependencies, run, model, { status, errorCode, layers, refund }).then(
      () => error.refusal,
      (failure: unknown) => failure,
    );
  }
  const { reservation } = run;
  const refund = error instanceof RunEnded && error.record.refund === true;
  const giveBack = reservation.settle ? !run.recorded : refund || !spentUnit(run.command.meter, run.progress);
  if (giveBack) await reservation.release().catch(() => undefined);
  return refusal instanceof AppError ? withoutPii(dependencies.safety, refusal, run.agent) : refusal;
}

/**
 * Stores a finished run and reports it, with the verdicts of the layers it went through (by default the
 * input layers: a run that failed or was blocked before its output was screened; the flagged and blocked
 * ones are stored with the run's rollups) and, whatever the
 * outcome, the tokens and cost of every model call that answered. A meter that settles by the record
 * keeps the run's unit in the same write when the run succeeded or spent it.
 */
export async function recordRun(recorder: RunRecorder, run: RunInProgress, model: ModelDefinition | undefined, outcome: RunOutcome): Promise<void> {
  const usage = outcome.usage ?? totalUsage(run.calls);
  recorder.telemetry.agentRun({ surface: run.command.surface, agent: run.agent.id, model: model?.id ?? null, provider: model?.provider ?? null, outcome: outcome.status });
  const layers = outcome.layers ?? run.reports;
  for (const layer of layers) recorder.telemetry.safetyVerdict({ layer: layer.layer, stage: layer.stage, verdict: layer.verdict });
  const keptUnits = outcome.status === 'succeeded' || (outcome.refund !== true && spentUnit(run.command.meter, run.progress)) ? 1 : 0;
  const quota = run.reservation.settle?.(keptUnits);
  await recorder.runs.insert({
    id: run.runId,
    accountId: run.command.accountId,
    surface: run.command.surface,
    agent: run.agent.id,
    model: model?.id ?? null,
    provider: model?.provider ?? null,
    requestId: run.command.requestId,
    parentRunId: run.command.parentRunId ?? null,
    createdAt: run.createdAt,
    completedAt: recorder.clock.now().toISOString(),
    ...(quota ? { quota } : {}),
    status: outcome.status,
    errorCode: outcome.errorCode,
    latencyMs: elapsedMs(run.startedAt),
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    costUsd: usage.costUsd,
    output: outcome.output ?? null,
    safetyVerdicts: countedVerdicts(layers),
    trace: runTrace(layers, outcome),
  });
  run.recorded = true;
}

/** What the run went through, without its text (see RunTrace). */
function runTrace(layers: readonly LayerReport[], outcome: RunOutcome): RunTrace {
  return {
    safety: layers.map(({ layer, stage, verdict, score, categories, findings, reviewer, ms }) => ({
      layer,
      stage,
      verdict,
      score,
      categories,
      ...(findings ? { findings } : {}),
      ...(reviewer ? { reviewer } : {}),
      ms: Math.round(ms * 100) / 100,
    })),
    attempts: (outcome.attempts ?? []).map(({ model, provider, outcome: result, status, error, repair, ms }) => ({
      model,
      provider,
      outcome: result,
      ...(status !== undefined ? { status } : {}),
      ...(error !== undefined ? { error: error.slice(0, 200) } : {}),
      ...(repair ? { repair } : {}),
      ms: Math.round(ms * 100) / 100,
    })),
    routing: outcome.routing ? { category: outcome.routing.category, policy: outcome.routing.policy, reason: outcome.routing.reason } : null,
  };
}

/** The verdicts analytics count, in the run's record: the layers that flagged or blocked, at any stage. */
function countedVerdicts(layers: readonly LayerReport[]): CountedSafetyVerdict[] {
  const counted: CountedSafetyVerdict[] = [];
  for (const { layer, verdict } of layers) if (verdict === 'flag' || verdict === 'block') counted.push({ layer, verdict });
  return counted;
}

/**
 * The error as the caller gets it and as runs store it: a message or details that echo the request (a
 * field only a tool reads, an address that could not be fetched) hold PII as a model would see it.
 */
export async function withoutPii(safety: PiiScreen, error: AppError, agent: Agent): Promise<AppError> {
  const original = { message: error.message, details: error.details };
  const screened = await safety.screenPii(original, agent.safetyPolicy, 'output');
  if (screened.value === original) return error;
  return new AppError(error.code, screened.value.message, { ...screened.value.details }, { retryAfterSeconds: error.retryAfterSeconds, cause: error.cause });
}
