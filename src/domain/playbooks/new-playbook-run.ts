import type { PlaybookRunRecord, PlaybookStepRecord } from '../../ports/playbook-run-repository.ts';
import type { Playbook } from './playbook-catalog.ts';
import type { PlaybookStep } from './playbook-definition.ts';

/** A step as it is stored before anything ran: pending, no claim, no result. */
export function pendingStep(stepIndex: number, step: Pick<PlaybookStep, 'agent' | 'reason' | 'optional'>): PlaybookStepRecord {
  return {
    stepIndex,
    agent: step.agent,
    reason: step.reason,
    optional: step.optional,
    status: 'pending',
    result: null,
    error: null,
    model: null,
    agentRunId: null,
    attempts: 0,
    leaseOwner: null,
    leaseExpiresAt: null,
    durationMs: null,
    startedAt: null,
    completedAt: null,
  };
}

/** A run as it is stored when started: queued, one quota unit reserved per step, every step pending. */
export function newPlaybookRun(start: {
  id: string;
  accountId: string;
  playbook: Playbook;
  inputs: PlaybookRunRecord['inputs'];
  requestId: string | null;
  quotaDay: string;
  callbackUrl: string | null;
  now: Date;
}): PlaybookRunRecord {
  const at = start.now.toISOString();
  return {
    id: start.id,
    accountId: start.accountId,
    playbookId: start.playbook.id,
    playbookName: start.playbook.name,
    status: 'queued',
    inputs: start.inputs,
    requestId: start.requestId,
    unitsReserved: start.playbook.steps.length,
    unitsRefunded: 0,
    quotaDay: start.quotaDay,
    error: null,
    callbackUrl: start.callbackUrl,
    eventCount: 0,
    createdAt: at,
    startedAt: null,
    completedAt: null,
    updatedAt: at,
    steps: start.playbook.steps.map((step, stepIndex) => pendingStep(stepIndex, step)),
  };
}
