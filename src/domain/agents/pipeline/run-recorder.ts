import type { Clock } from '../../../ports/clock.ts';
import type { RunRecord, RunRepository } from '../../../ports/run-repository.ts';
import type { Telemetry } from '../../../ports/telemetry.ts';
import { spentUnit } from '../../quotas/usage-meter.ts';
import { elapsedMs } from '../../routing/failover.ts';
import type { ModelDefinition } from '../../routing/model-definition.ts';
import type { LayerReport } from '../../safety/safety-layer.ts';
import { totalUsage, type RunUsage } from '../run-usage.ts';
import type { RunInProgress } from './run-in-progress.ts';

/** Where runs are stored and reported. */
export interface RunRecorder {
  runs: RunRepository;
  telemetry: Telemetry;
  clock: Clock;
}

export interface RunOutcome {
  status: Exclude<RunRecord['status'], 'queued' | 'running'>;
  errorCode: string | null;
  usage?: RunUsage;
  output?: string;
  /** The layers the run went through; by default the input layers (see recordRun). */
  layers?: readonly LayerReport[];
}

/**
 * Stores a finished run and reports it, with the verdicts of the layers it went through (by default the
 * input layers: a run that failed or was blocked before its output was screened) and, whatever the
 * outcome, the tokens and cost of every model call that answered. A meter that settles by the record
 * keeps the run's unit in the same write when the run succeeded or spent it.
 */
export async function recordRun(recorder: RunRecorder, run: RunInProgress, model: ModelDefinition | undefined, outcome: RunOutcome): Promise<void> {
  const usage = outcome.usage ?? totalUsage(run.calls);
  recorder.telemetry.agentRun({ surface: run.command.surface, agent: run.agent.id, model: model?.id ?? null, provider: model?.provider ?? null, outcome: outcome.status });
  for (const layer of outcome.layers ?? run.reports) recorder.telemetry.safetyVerdict({ layer: layer.layer, stage: layer.stage, verdict: layer.verdict });
  const keptUnits = outcome.status === 'succeeded' || spentUnit(run.command.meter, run.progress) ? 1 : 0;
  const quota = run.reservation?.settle?.(keptUnits);
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
  });
  run.recorded = true;
}

/** A run that failed with `errorCode`, recorded with the layers it went through (the input layers by default). */
export function recordFailure(recorder: RunRecorder, run: RunInProgress, model: ModelDefinition | undefined, errorCode: string, layers?: readonly LayerReport[]): Promise<void> {
  return recordRun(recorder, run, model, { status: 'failed', errorCode, ...(layers ? { layers } : {}) });
}
