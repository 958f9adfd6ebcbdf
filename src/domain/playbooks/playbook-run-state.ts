import type { PlaybookRunRecord, PlaybookRunStatus, PlaybookStepRecord, PlaybookStepStatus } from '../../ports/playbook-run-repository.ts';

const finishedRunStatuses: ReadonlySet<PlaybookRunStatus> = new Set(['done', 'failed', 'canceled']);
const finishedStepStatuses: ReadonlySet<PlaybookStepStatus> = new Set(['done', 'failed', 'skipped', 'canceled']);

/** Done, failed or canceled: nothing more happens unless the run is resumed. */
export function isRunFinished(status: PlaybookRunStatus): boolean {
  return finishedRunStatuses.has(status);
}

export function isStepFinished(status: PlaybookStepStatus): boolean {
  return finishedStepStatuses.has(status);
}

/** The step a run is at: the first one not finished (steps run strictly in order). */
export function firstUnfinishedStep(run: Pick<PlaybookRunRecord, 'steps'>): PlaybookStepRecord | undefined {
  return run.steps.find((step) => !isStepFinished(step.status));
}

/** The index of the step running now, or -1. */
export function currentStepIndex(run: Pick<PlaybookRunRecord, 'steps'>): number {
  return run.steps.find((step) => step.status === 'running')?.stepIndex ?? -1;
}

/** How far the run got, 0-100: the share of steps executed (done, or failed after running). */
export function runProgress(run: Pick<PlaybookRunRecord, 'status' | 'steps'>, executedBeyond = 0): number {
  if (run.status === 'done') return 100;
  const executed = run.steps.filter((step) => step.status === 'done' || step.status === 'failed').length + executedBeyond;
  return run.steps.length === 0 ? 0 : Math.min(100, Math.round((100 * executed) / run.steps.length));
}

/** Milliseconds from start to completion, or to `now` while the run goes on; null before it starts. */
export function runDurationMs(run: Pick<PlaybookRunRecord, 'startedAt' | 'completedAt'>, now: Date): number | null {
  if (!run.startedAt) return null;
  const end = run.completedAt ? Date.parse(run.completedAt) : now.getTime();
  return Math.max(0, end - Date.parse(run.startedAt));
}
