import type { PlaybookError, PlaybookRunRecord, PlaybookRunStatus } from '../../ports/playbook-run-repository.ts';
import type { RunRecord, RunStatus } from '../../ports/run-repository.ts';
import { isRunFinished, runDurationMs } from '../playbooks/playbook-run-state.ts';

/**
 * One agent run as its owner sees it, whether it answered the request that started it (a `run_…` record of
 * the run log) or was accepted by a trigger and executed later (a durable run of one step). Webhook callbacks
 * send it as is; `GET /api/runs` shows it as a RunView (run-view.ts).
 */
export interface AgentRunView {
  id: string;
  type: 'agent';
  agent: string;
  status: PlaybookRunStatus;
  /** True once the run is done, failed or canceled. */
  done: boolean;
  /** The agent's output (with the model that produced it) once done. */
  result: Record<string, unknown> | null;
  model: string | null;
  error: PlaybookError | null;
  /** The execution in the run log that produced the result (the run itself when it answered its request). */
  agentRunId: string | null;
  durationMs: number | null;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  statusUrl: string;
}

/** Where a run's state is read: `GET /api/runs/{id}` serves every kind. */
export function runStatusUrl(runId: string): string {
  return `/api/runs/${runId}`;
}

/** Where a run is followed as server-sent events, whatever its kind. */
export function runEventsUrl(runId: string): string {
  return `/api/runs/${runId}/events`;
}

/** An agent run accepted by a trigger, from its single step. */
export function viewOfBackgroundAgentRun(run: PlaybookRunRecord, now: Date): AgentRunView {
  const step = run.steps[0];
  return {
    id: run.id,
    type: 'agent',
    agent: run.playbookId,
    status: run.status,
    done: isRunFinished(run.status),
    result: step?.result ? (JSON.parse(step.result) as Record<string, unknown>) : null,
    model: step?.model ?? null,
    error: run.error,
    agentRunId: step?.agentRunId ?? null,
    durationMs: runDurationMs(run, now),
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    completedAt: run.completedAt,
    statusUrl: runStatusUrl(run.id),
  };
}

const logStatuses: Readonly<Record<RunStatus, PlaybookRunStatus>> = { queued: 'queued', running: 'running', succeeded: 'done', failed: 'failed', blocked: 'failed' };

const logErrorMessages: Readonly<Record<string, string>> = {
  safety_blocked: 'A safety layer refused the input',
  output_blocked: 'A safety layer withheld the output',
  upstream_unavailable: 'Every model in the failover chain failed',
  agent_failed: 'The agent could not run',
};

/** A run from the run log: an agent run that answered the request that started it. */
export function viewOfLoggedRun(run: RunRecord): AgentRunView {
  const status = logStatuses[run.status];
  return {
    id: run.id,
    type: 'agent',
    agent: run.agent,
    status,
    done: isRunFinished(status),
    result: run.output === null ? null : (JSON.parse(run.output) as Record<string, unknown>),
    model: run.model,
    error: run.errorCode === null ? null : { code: run.errorCode, message: logErrorMessages[run.errorCode] ?? 'The run failed' },
    agentRunId: run.id,
    durationMs: run.latencyMs,
    createdAt: run.createdAt,
    startedAt: run.createdAt,
    completedAt: run.completedAt,
    statusUrl: runStatusUrl(run.id),
  };
}
