import type { Run } from '../app/api-types.ts';
import { h } from '../app/dom.ts';

export type RunStatus = Run['status'];
export type StepStatus = Run['steps'][number]['status'];

export const runStatuses: readonly RunStatus[] = ['queued', 'running', 'done', 'failed', 'canceled'];

const tone: Record<RunStatus | StepStatus, string> = {
  pending: '',
  queued: '',
  running: 'info',
  done: 'ok',
  failed: 'danger',
  skipped: 'warn',
  canceled: 'warn',
};

/** A run's or a step's state as a coloured badge; the word itself carries the meaning, not the colour. */
export function runStatusBadge(status: RunStatus | StepStatus): HTMLElement {
  return h('span', { className: `badge run-status ${tone[status]}`.trim(), 'data-status': status }, status);
}

/** What the service allows on a run in this state (see the API's Runs section). */
export function runAllows(run: Pick<Run, 'status' | 'kind' | 'parentRunId' | 'stepCount'>): { cancel: boolean; resume: boolean } {
  // An agent run that answered its request is recorded once it ended: it has no steps and cannot be stopped or resumed.
  const resumable = run.kind === 'playbook' || run.stepCount > 0;
  return {
    cancel: run.status === 'queued' || run.status === 'running',
    resume: resumable && (run.status === 'failed' || run.status === 'canceled'),
  };
}

/** `2 of 3 steps` for a playbook run; empty for an agent run. */
export function stepsSummary(run: Pick<Run, 'stepCount' | 'stepsSucceeded' | 'stepsFailed'>): string {
  if (run.stepCount === 0) return '';
  const failed = run.stepsFailed > 0 ? `, ${run.stepsFailed} failed` : '';
  return `${run.stepsSucceeded} of ${run.stepCount} steps done${failed}`;
}

/** What a run ran: its playbook's name or its agent. */
export function runSubject(run: Pick<Run, 'kind' | 'playbookName' | 'playbookId' | 'agent'>): string {
  return run.kind === 'playbook' ? (run.playbookName ?? run.playbookId ?? 'playbook') : (run.agent ?? 'agent');
}
