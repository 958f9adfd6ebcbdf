import type { PlaybookRunRecord, PlaybookStepRecord } from '../../ports/playbook-run-repository.ts';
import type { Playbook } from './playbook-catalog.ts';
import type { PlaybookStep } from './playbook-definition.ts';
import type { Agent } from '../agents/agent.ts';

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

interface NewRunCommon {
  id: string;
  accountId: string;
  requestId: string | null;
  quotaDay: string;
  callbackUrl: string | null;
  now: Date;
}

/** A run as it is stored when started: queued, one quota unit reserved per step, every step pending. */
function newRun(start: NewRunCommon & Pick<PlaybookRunRecord, 'kind' | 'playbookId' | 'playbookName' | 'inputs'> & { steps: readonly Pick<PlaybookStep, 'agent' | 'reason' | 'optional'>[] }): PlaybookRunRecord {
  const at = start.now.toISOString();
  return {
    id: start.id,
    accountId: start.accountId,
    kind: start.kind,
    playbookId: start.playbookId,
    playbookName: start.playbookName,
    status: 'queued',
    inputs: start.inputs,
    requestId: start.requestId,
    unitsReserved: start.steps.length,
    unitsRefunded: 0,
    unitsSpent: 0,
    quotaDay: start.quotaDay,
    error: null,
    callbackUrl: start.callbackUrl,
    eventCount: 0,
    createdAt: at,
    startedAt: null,
    completedAt: null,
    updatedAt: at,
    steps: start.steps.map((step, stepIndex) => pendingStep(stepIndex, step)),
  };
}

/** A new run of a playbook's steps on validated inputs. */
export function newPlaybookRun(start: NewRunCommon & { playbook: Playbook; inputs: PlaybookRunRecord['inputs'] }): PlaybookRunRecord {
  const { playbook, ...common } = start;
  return newRun({ ...common, kind: 'playbook', playbookId: playbook.id, playbookName: playbook.name, steps: playbook.steps });
}

/** A new agent run executed later (started by a trigger): one step running the agent on the request body. */
export function newAgentRun(start: NewRunCommon & { agent: Pick<Agent, 'id' | 'name'>; body: Record<string, unknown> }): PlaybookRunRecord {
  const { agent, body, ...common } = start;
  return newRun({ ...common, kind: 'agent', playbookId: agent.id, playbookName: agent.name, inputs: body, steps: [{ agent: agent.id, reason: 'Run the agent on the request', optional: false }] });
}
