import { currentStepIndex, isRunFinished, runDurationMs, runProgress } from '../../domain/playbooks/playbook-run-state.ts';
import type { PlaybookRunRecord, PlaybookStepRecord } from '../../ports/playbook-run-repository.ts';

export function playbookRunUrls(runId: string) {
  return { pollUrl: `/api/playbooks/runs/${runId}`, eventsUrl: `/api/playbooks/runs/${runId}/events` };
}

export function presentStartedRun(run: PlaybookRunRecord) {
  return { runId: run.id, status: run.status, ...playbookRunUrls(run.id) };
}

export function presentPlaybookRun(run: PlaybookRunRecord, now: Date) {
  return {
    id: run.id,
    playbookId: run.playbookId,
    playbookName: run.playbookName,
    status: run.status,
    inputs: run.inputs,
    stepCount: run.steps.length,
    stepsSucceeded: run.steps.filter((step) => step.status === 'done').length,
    stepsFailed: run.steps.filter((step) => step.status === 'failed').length,
    currentStep: currentStepIndex(run),
    progress: runProgress(run),
    done: isRunFinished(run.status),
    durationMs: runDurationMs(run, now),
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    completedAt: run.completedAt,
    error: run.error,
    steps: run.steps.map(presentStep),
  };
}

function presentStep(step: PlaybookStepRecord) {
  return {
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
