import type { PlaybookError, PlaybookRunRecord, PlaybookRunStatus, PlaybookStepRecord, RunKind } from '../../ports/playbook-run-repository.ts';
import type { RunRecord, RunTrace, TracedAttempt, TracedLayer } from '../../ports/run-repository.ts';
import { currentStepIndex, isRunFinished, runDurationMs, runProgress } from '../playbooks/playbook-run-state.ts';
import { runEventsUrl, runStatusUrl, viewOfBackgroundAgentRun, viewOfLoggedRun, type AgentRunView } from './agent-run-view.ts';

/** What an execution spent: its model calls' tokens and cost, the critic's included. */
export interface RunUsageView {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

/** What an execution of the run log went through (see RunTrace); null where it is not known. */
export interface ExecutionDetails {
  usage: RunUsageView | null;
  /** Every safety layer that ran, in pipeline order: verdicts, scores, categories, time; never text. */
  safety: TracedLayer[] | null;
  /** Every model call of the failover chain, in order. */
  modelAttempts: TracedAttempt[] | null;
  /** Why the router chose the chain: the task's category, the policy, the reason. */
  routing: RunTrace['routing'];
}

const noDetails: ExecutionDetails = { usage: null, safety: null, modelAttempts: null, routing: null };

/** What a run log entry says of its execution. */
export function executionDetails(run: RunRecord | undefined): ExecutionDetails {
  if (!run) return noDetails;
  return {
    usage: { inputTokens: run.inputTokens, outputTokens: run.outputTokens, costUsd: run.costUsd },
    safety: run.trace?.safety ?? null,
    modelAttempts: run.trace?.attempts ?? null,
    routing: run.trace?.routing ?? null,
  };
}

/**
 * What a durable run's page adds to its steps: each step's execution in the run log (by its `agentRunId`) and
 * the task each started step's agent was given.
 */
export interface DurableRunDetails {
  executions: ReadonlyMap<string, RunRecord>;
  stepPrompts: readonly (string | null)[];
}

/** One step of a playbook run, as its run shows it. */
export interface StepView extends ExecutionDetails {
  /** The task the step's agent was given (its prompt, from the run's inputs and earlier outputs); null until it starts. */
  input: { prompt: string } | null;
  stepIndex: number;
  agentName: string;
  reason: string;
  optional: boolean;
  status: PlaybookStepRecord['status'];
  result: Record<string, unknown> | null;
  error: PlaybookError | null;
  model: string | null;
  /** The step's execution: a run of its own (`GET /api/runs/{agentRunId}`). */
  agentRunId: string | null;
  attempts: number;
  durationMs: number | null;
  startedAt: string | null;
  completedAt: string | null;
}

/**
 * Every run in one shape, whatever started it: an agent run that answered its request, an agent run a
 * trigger started and executed in the background, a playbook run (see docs/decisions/0049-one-run-resource.md).
 * Fields that do not apply to a kind are null (or 0, or empty) rather than missing.
 */
export interface RunView extends ExecutionDetails {
  id: string;
  kind: RunKind;
  /** The same as `kind`: the name earlier answers used. */
  type: RunKind;
  /** The agent an agent run ran; null for a playbook run (its steps name theirs). */
  agent: string | null;
  playbookId: string | null;
  playbookName: string | null;
  /** The run this one is a step of; null for a run started on its own. */
  parentRunId: string | null;
  status: PlaybookRunStatus;
  /** True once the run is done, failed or canceled. */
  done: boolean;
  /** 0-100. */
  progress: number;
  result: Record<string, unknown> | null;
  model: string | null;
  error: PlaybookError | null;
  /** The execution in the run log that produced an agent run's result (the run itself when it answered its request). */
  agentRunId: string | null;
  /** What the run was started with: a playbook's inputs, a background agent run's body; null for a direct agent run. */
  inputs: Record<string, unknown> | null;
  stepCount: number;
  stepsSucceeded: number;
  stepsFailed: number;
  /** The index of the step running now, or -1. */
  currentStep: number;
  steps: StepView[];
  durationMs: number | null;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  statusUrl: string;
  eventsUrl: string;
}

export function stepView(step: PlaybookStepRecord, details?: DurableRunDetails): StepView {
  const prompt = details?.stepPrompts[step.stepIndex] ?? null;
  return {
    ...executionDetails(step.agentRunId === null ? undefined : details?.executions.get(step.agentRunId)),
    input: prompt === null ? null : { prompt },
    stepIndex: step.stepIndex,
    agentName: step.agent,
    reason: step.reason,
    optional: step.optional,
    status: step.status,
    result: step.result === null ? null : (JSON.parse(step.result) as Record<string, unknown>),
    error: step.error,
    model: step.model,
    agentRunId: step.agentRunId,
    attempts: step.attempts,
    durationMs: step.durationMs,
    startedAt: step.startedAt,
    completedAt: step.completedAt,
  };
}

/**
 * A run stored durably: a playbook run, or an agent run a trigger started. With `details` (the run's own page),
 * each step shows its input, safety layers, model attempts and cost, and the run its total cost.
 */
export function viewOfDurableRun(run: PlaybookRunRecord, now: Date, details?: DurableRunDetails): RunView {
  const steps = run.steps.map((step) => stepView(step, details));
  if (run.kind === 'agent') {
    const { usage, safety, modelAttempts, routing } = steps[0] ?? noDetails;
    return { ...fromAgentView(viewOfBackgroundAgentRun(run, now), { inputs: run.inputs, parentRunId: null }), usage, safety, modelAttempts, routing };
  }
  return {
    ...(details ? { ...noDetails, usage: totalOf(steps) } : noDetails),
    id: run.id,
    kind: 'playbook',
    type: 'playbook',
    agent: null,
    playbookId: run.playbookId,
    playbookName: run.playbookName,
    parentRunId: null,
    status: run.status,
    done: isRunFinished(run.status),
    progress: runProgress(run),
    result: null,
    model: null,
    error: run.error,
    agentRunId: null,
    inputs: run.inputs,
    stepCount: run.steps.length,
    stepsSucceeded: run.steps.filter((step) => step.status === 'done').length,
    stepsFailed: run.steps.filter((step) => step.status === 'failed').length,
    currentStep: currentStepIndex(run),
    steps,
    durationMs: runDurationMs(run, now),
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    completedAt: run.completedAt,
    statusUrl: runStatusUrl(run.id),
    eventsUrl: runEventsUrl(run.id),
  };
}

/** An execution from the run log: an agent run that answered its request, or a step of a durable run. */
export function viewOfRunLogEntry(run: RunRecord): RunView {
  return { ...fromAgentView(viewOfLoggedRun(run), { inputs: null, parentRunId: run.parentRunId ?? null }), ...executionDetails(run) };
}

/** The steps' executions' usage, added up. */
function totalOf(steps: readonly StepView[]): RunUsageView {
  const total: RunUsageView = { inputTokens: 0, outputTokens: 0, costUsd: 0 };
  for (const { usage } of steps) {
    if (!usage) continue;
    total.inputTokens += usage.inputTokens;
    total.outputTokens += usage.outputTokens;
    total.costUsd += usage.costUsd;
  }
  return { ...total, costUsd: Math.round(total.costUsd * 1e8) / 1e8 };
}

function fromAgentView(view: AgentRunView, extra: { inputs: Record<string, unknown> | null; parentRunId: string | null }): RunView {
  return {
    ...noDetails,
    ...view,
    kind: 'agent',
    playbookId: null,
    playbookName: null,
    parentRunId: extra.parentRunId,
    progress: view.status === 'done' ? 100 : 0,
    inputs: extra.inputs,
    stepCount: 0,
    stepsSucceeded: 0,
    stepsFailed: 0,
    currentStep: -1,
    steps: [],
    eventsUrl: runEventsUrl(view.id),
  };
}
