import { describe, expect, it } from 'vitest';
import type { DeliveryAttemptRecord, WebhookDeliveryRecord } from '../../ports/webhook-delivery-repository.ts';
import { warnOfUndeliveredAttempts } from './attempt-report.ts';

const delivery = { id: 'msg_1', accountId: 'acct' } as WebhookDeliveryRecord;

function attempt(outcome: DeliveryAttemptRecord['outcome'], error: string | null): DeliveryAttemptRecord {
  return { attempt: 2, at: '2026-06-01T12:00:00.000Z', status: error ? 503 : 200, error, durationMs: 12, outcome };
}

describe('warnOfUndeliveredAttempts', () => {
  it('warns of an attempt to be retried, or that failed for good, with what identifies it', () => {
    const warnings: { fields: Record<string, unknown>; message: string }[] = [];
    const onAttempt = warnOfUndeliveredAttempts((fields, message) => warnings.push({ fields, message }));
    onAttempt(delivery, attempt('retry', 'http_503'));
    onAttempt(delivery, attempt('failed', 'http_410'));
    expect(warnings).toEqual([
      { fields: { deliveryId: 'msg_1', accountId: 'acct', attempt: 2, outcome: 'retry', error: 'http_503' }, message: 'webhook delivery attempt did not succeed' },
      { fields: { deliveryId: 'msg_1', accountId: 'acct', attempt: 2, outcome: 'failed', error: 'http_410' }, message: 'webhook delivery attempt did not succeed' },
    ]);
  });

  it('says nothing of a delivered attempt', () => {
    const warnings: unknown[] = [];
    warnOfUndeliveredAttempts((fields) => warnings.push(fields))(delivery, attempt('delivered', null));
    expect(warnings).toEqual([]);
  });
});
