// Rows of webhook_deliveries and webhook_delivery_attempts, to and from the port's records.
import type { Insertable, Selectable } from 'kysely';
import type { DeliveryAttemptRecord, WebhookDeliveryRecord, WebhookDeliveryStatus, DeliveryAttemptOutcome } from '../../../ports/webhook-delivery-repository.ts';
import type { WebhookDeliveriesTable, WebhookDeliveryAttemptsTable } from '../database-schema.ts';

export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export function deliveryToRow(delivery: Omit<WebhookDeliveryRecord, 'attempts'>): Insertable<WebhookDeliveriesTable> {
  return {
    id: delivery.id,
    account_id: delivery.accountId,
    url: delivery.url,
    event_type: delivery.eventType,
    payload: delivery.payload,
    run_id: delivery.runId,
    status: delivery.status,
    attempt_count: delivery.attemptCount,
    next_attempt_at: delivery.nextAttemptAt,
    lease_owner: delivery.leaseOwner,
    lease_expires_at: delivery.leaseExpiresAt,
    created_at: delivery.createdAt,
    completed_at: delivery.completedAt,
  };
}

export function attemptToRow(deliveryId: string, attempt: DeliveryAttemptRecord): Insertable<WebhookDeliveryAttemptsTable> {
  return {
    delivery_id: deliveryId,
    attempt: attempt.attempt,
    at: attempt.at,
    status: attempt.status,
    error: attempt.error,
    duration_ms: attempt.durationMs,
    outcome: attempt.outcome,
  };
}

export function deliveryToRecord(row: DeliveryRow, attempts: DeliveryAttemptRecord[]): WebhookDeliveryRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    url: row.url,
    eventType: row.event_type,
    payload: row.payload,
    runId: row.run_id,
    status: row.status as WebhookDeliveryStatus,
    attemptCount: Number(row.attempt_count),
    nextAttemptAt: row.next_attempt_at,
    leaseOwner: row.lease_owner,
    leaseExpiresAt: row.lease_expires_at,
    createdAt: row.created_at,
    completedAt: row.completed_at,
    attempts,
  };
}

export function attemptToRecord(row: Selectable<WebhookDeliveryAttemptsTable>): DeliveryAttemptRecord {
  return {
    attempt: Number(row.attempt),
    at: row.at,
    status: row.status === null ? null : Number(row.status),
    error: row.error,
    durationMs: Number(row.duration_ms),
    outcome: row.outcome as DeliveryAttemptOutcome,
  };
}
