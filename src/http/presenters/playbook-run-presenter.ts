import { currentStepIndex, isRunFinished, runDurationMs, runProgress } from '../../domain/playbooks/playbook-run-state.ts';
import { stepView } from '../../domain/runs/run-view.ts';
import type { PlaybookRunRecord } from '../../ports/playbook-run-repository.ts';

/** A playbook run under its older paths (the run resource, /api/runs/{id}, serves it too). */
export function playbookRunUrls(runId: string) {
  return { pollUrl: `/api/playbooks/runs/${runId}`, eventsUrl: `/api/playbooks/runs/${runId}/events` };
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
    steps: run.steps.map((step) => stepView(step)),
  };
}
