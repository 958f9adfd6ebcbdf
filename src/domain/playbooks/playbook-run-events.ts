import type { NewPlaybookEvent, PlaybookError, PlaybookRunRecord, PlaybookStepRecord } from '../../ports/playbook-run-repository.ts';
import { runProgress } from './playbook-run-state.ts';

/** The events of a run, one builder per type: what a listener on `…/events` receives as `data`. */
export const playbookEvents = {
  runStarted(run: PlaybookRunRecord): NewPlaybookEvent {
    return { type: 'run.started', data: { runId: run.id, playbookId: run.playbookId, status: 'running', stepCount: run.steps.length, progress: runProgress(run) } };
  },

  stepStarted(run: PlaybookRunRecord, step: PlaybookStepRecord): NewPlaybookEvent {
    return { type: 'step.started', data: { runId: run.id, stepIndex: step.stepIndex, agentName: step.agent, attempt: step.attempts + 1, progress: runProgress(run) } };
  },

  stepCompleted(run: PlaybookRunRecord, step: PlaybookStepRecord, result: { model: string; durationMs: number }): NewPlaybookEvent {
    return {
      type: 'step.completed',
      data: { runId: run.id, stepIndex: step.stepIndex, agentName: step.agent, status: 'done', model: result.model, durationMs: result.durationMs, progress: runProgress(run, 1) },
    };
  },

  stepFailed(run: PlaybookRunRecord, step: PlaybookStepRecord, failure: { error: PlaybookError; durationMs: number }): NewPlaybookEvent {
    return {
      type: 'step.failed',
      data: { runId: run.id, stepIndex: step.stepIndex, agentName: step.agent, status: 'failed', optional: step.optional, error: failure.error, durationMs: failure.durationMs, progress: runProgress(run, 1) },
    };
  },

  runCompleted(run: PlaybookRunRecord): NewPlaybookEvent {
    return { type: 'run.completed', data: { runId: run.id, status: 'done', progress: 100, stepsSucceeded: run.steps.filter((step) => step.status === 'done').length } };
  },

  runFailed(run: PlaybookRunRecord, error: PlaybookError, failedStep: number): NewPlaybookEvent {
    return { type: 'run.failed', data: { runId: run.id, status: 'failed', error, failedStep, progress: runProgress(run) } };
  },

  runCanceled(run: PlaybookRunRecord): NewPlaybookEvent {
    return { type: 'run.canceled', data: { runId: run.id, status: 'canceled', progress: runProgress(run) } };
  },
};

/** Events after which a run's stream ends (a resume starts a new stream). */
export const finalEventTypes: ReadonlySet<string> = new Set(['run.completed', 'run.failed', 'run.canceled']);
