import type { DeliveryAttemptRecord, WebhookDeliveryRecord } from '../../ports/webhook-delivery-repository.ts';

/** Where a warning goes: the process's log. */
export type WarningLog = (fields: Record<string, unknown>, message: string) => void;

/**
 * The dispatcher's `onAttempt`: an attempt that did not deliver is worth a warning (with the delivery, the
 * account, the attempt's number, outcome and error), a delivered one is not (its record says enough).
 */
export function warnOfUndeliveredAttempts(warn: WarningLog): (delivery: WebhookDeliveryRecord, attempt: DeliveryAttemptRecord) => void {
  return (delivery, attempt) => {
    if (attempt.outcome === 'delivered') return;
    warn({ deliveryId: delivery.id, accountId: delivery.accountId, attempt: attempt.attempt, outcome: attempt.outcome, error: attempt.error }, 'webhook delivery attempt did not succeed');
  };
}
