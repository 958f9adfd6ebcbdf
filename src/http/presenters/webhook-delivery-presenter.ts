import type { WebhookDeliveryRecord } from '../../ports/webhook-delivery-repository.ts';

/** A message as its account sees it: no payload (the receiver has it) and no claim (an internal detail). */
export function presentWebhookDelivery(delivery: WebhookDeliveryRecord) {
  return {
    id: delivery.id,
    url: delivery.url,
    eventType: delivery.eventType,
    runId: delivery.runId,
    status: delivery.status,
    attemptCount: delivery.attemptCount,
    nextAttemptAt: delivery.nextAttemptAt,
    createdAt: delivery.createdAt,
    completedAt: delivery.completedAt,
    attempts: delivery.attempts.map((attempt) => ({
      attempt: attempt.attempt,
      at: attempt.at,
      status: attempt.status,
      error: attempt.error,
      durationMs: attempt.durationMs,
      outcome: attempt.outcome,
    })),
  };
}
