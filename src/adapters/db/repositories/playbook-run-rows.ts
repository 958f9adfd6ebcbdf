// Rows of playbook_runs, playbook_steps and playbook_events, to and from the port's records.
import type { Insertable, Selectable } from 'kysely';
import type {
  NewPlaybookEvent,
  PlaybookError,
  PlaybookEventRecord,
  PlaybookEventType,
  PlaybookRunRecord,
  PlaybookRunStatus,
  PlaybookStepRecord,
  PlaybookStepStatus,
  RunKind,
} from '../../../ports/playbook-run-repository.ts';
import type { PlaybookEventsTable, PlaybookRunsTable, PlaybookStepsTable } from '../database-schema.ts';
import { unpackJsonText } from '../packed-json-text.ts';

export function runToRow(run: PlaybookRunRecord): Insertable<PlaybookRunsTable> {
  return {
    id: run.id,
    account_id: run.accountId,
    kind: run.kind,
    playbook_id: run.playbookId,
    playbook_name: run.playbookName,
    status: run.status,
    inputs: JSON.stringify(run.inputs),
    request_id: run.requestId,
    units_reserved: run.unitsReserved,
    units_refunded: run.unitsRefunded,
    units_spent: run.unitsSpent,
    quota_day: run.quotaDay,
    error: errorToText(run.error),
    callback_url: run.callbackUrl,
    event_count: run.eventCount,
    created_at: run.createdAt,
    started_at: run.startedAt,
    completed_at: run.completedAt,
    updated_at: run.updatedAt,
  };
}

export function stepToRow(runId: string, step: PlaybookStepRecord): Insertable<PlaybookStepsTable> {
  return {
    run_id: runId,
    step_index: step.stepIndex,
    agent: step.agent,
    reason: step.reason,
    optional: step.optional ? 1 : 0,
    status: step.status,
    result: step.result,
    error: errorToText(step.error),
    model: step.model,
    agent_run_id: step.agentRunId,
    attempts: step.attempts,
    lease_owner: step.leaseOwner,
    lease_expires_at: step.leaseExpiresAt,
    duration_ms: step.durationMs,
    started_at: step.startedAt,
    completed_at: step.completedAt,
  };
}

/** Events numbered on from `lastSequence`, the run's event count before they are added. */
export function eventsToRows(runId: string, lastSequence: number, events: readonly NewPlaybookEvent[], at: string): Insertable<PlaybookEventsTable>[] {
  return events.map((event, offset) => ({
    run_id: runId,
    sequence: lastSequence + offset + 1,
    type: event.type,
    data: JSON.stringify(event.data),
    created_at: at,
  }));
}

export function runToRecord(row: Selectable<PlaybookRunsTable>, steps: PlaybookStepRecord[]): PlaybookRunRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    kind: row.kind as RunKind,
    playbookId: row.playbook_id,
    playbookName: row.playbook_name,
    status: row.status as PlaybookRunStatus,
    inputs: JSON.parse(row.inputs) as PlaybookRunRecord['inputs'],
    requestId: row.request_id,
    unitsReserved: Number(row.units_reserved),
    unitsRefunded: Number(row.units_refunded),
    unitsSpent: Number(row.units_spent),
    quotaDay: row.quota_day,
    error: textToError(row.error),
    callbackUrl: row.callback_url ?? null,
    eventCount: Number(row.event_count),
    createdAt: row.created_at,
    startedAt: row.started_at,
    completedAt: row.completed_at,
    updatedAt: row.updated_at,
    steps,
  };
}

export function stepToRecord(row: Selectable<PlaybookStepsTable>): PlaybookStepRecord {
  return {
    stepIndex: Number(row.step_index),
    agent: row.agent,
    reason: row.reason,
    optional: Number(row.optional) === 1,
    status: row.status as PlaybookStepStatus,
    result: row.result === null ? null : unpackJsonText(row.result),
    error: textToError(row.error),
    model: row.model,
    agentRunId: row.agent_run_id,
    attempts: Number(row.attempts),
    leaseOwner: row.lease_owner,
    leaseExpiresAt: row.lease_expires_at,
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
    startedAt: row.started_at,
    completedAt: row.completed_at,
  };
}

export function eventToRecord(row: Selectable<PlaybookEventsTable>): PlaybookEventRecord {
  return {
    runId: row.run_id,
    sequence: Number(row.sequence),
    type: row.type as PlaybookEventType,
    data: JSON.parse(row.data) as Record<string, unknown>,
    createdAt: row.created_at,
  };
}

export function errorToText(error: PlaybookError | null): string | null {
  return error === null ? null : JSON.stringify(error);
}

function textToError(text: string | null): PlaybookError | null {
  return text === null ? null : (JSON.parse(text) as PlaybookError);
}
