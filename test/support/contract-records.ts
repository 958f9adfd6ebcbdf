import type { WebhookDeliveryRecord } from '../../src/ports/webhook-delivery-repository.ts';

/** 2026-01-01 at 10:MM UTC: the clock of the repository contract suites. */
export function at(minute: number): string {
  return new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString();
}

export type NewDelivery = Omit<WebhookDeliveryRecord, 'attempts'>;

/** A pending message of `accountId`, created and due at 10:00 unless told otherwise. */
export function newDelivery(id: string, accountId: string, fields: Partial<NewDelivery> = {}): NewDelivery {
  return {
    id,
    accountId,
    url: `https://receiver.example/hooks/${id}`,
    eventType: 'playbook.completed',
    payload: JSON.stringify({ type: 'playbook.completed', timestamp: at(0), data: { id } }),
    runId: null,
    status: 'pending',
    attemptCount: 0,
    nextAttemptAt: at(0),
    leaseOwner: null,
    leaseExpiresAt: null,
    createdAt: at(0),
    completedAt: null,
    ...fields,
  };
}
