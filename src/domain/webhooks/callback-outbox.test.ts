import { describe, expect, it } from 'vitest';
import { CallbackOutbox } from './callback-outbox.ts';
import { RunCallbacks } from './run-callbacks.ts';
import { WebhookDispatcher } from './webhook-dispatcher.ts';
import { finishedPlaybookRun } from '../../../test/support/finished-playbook-run.ts';

const now = new Date('2026-06-01T12:00:02.000Z');

function outbox(): CallbackOutbox {
  const dispatcher = new WebhookDispatcher({
    deliveries: {} as never,
    http: {} as never,
    signer: {} as never,
    secretOf: async () => 'whsec_x',
    clock: { now: () => now },
    options: { owner: 'test', retryScheduleSeconds: [1], leaseMs: 2000, timeoutMs: 1000, userAgent: 'test' },
  });
  return new CallbackOutbox({ callbacks: new RunCallbacks({ secretOf: async () => 'whsec_x' }), dispatcher });
}

describe('CallbackOutbox', () => {
  it('turns a finished run into a pending delivery of its callback, due now, its body fixed', () => {
    const delivery = outbox().deliveryFor(finishedPlaybookRun);
    expect(delivery).toMatchObject({
      accountId: 'acct',
      url: 'https://hooks.example.com/in',
      eventType: 'playbook.completed',
      runId: 'pbr_1',
      status: 'pending',
      attemptCount: 0,
      nextAttemptAt: now.toISOString(),
    });
    expect(JSON.parse(delivery?.payload ?? '{}')).toMatchObject({ type: 'playbook.completed', timestamp: now.toISOString(), data: { runId: 'pbr_1', status: 'done' } });
  });

  it('gives a failed run its failure event', () => {
    expect(outbox().deliveryFor({ ...finishedPlaybookRun, status: 'failed', error: { code: 'upstream_unavailable', message: 'down' } })?.eventType).toBe('playbook.failed');
  });

  it('gives nothing for a run that asked for no callback, or that was canceled', () => {
    expect(outbox().deliveryFor({ ...finishedPlaybookRun, callbackUrl: null })).toBeUndefined();
    expect(outbox().deliveryFor({ ...finishedPlaybookRun, status: 'canceled' })).toBeUndefined();
  });

  it('builds the delivery without awaiting anything, so the transaction that stores it waits on nothing else', () => {
    expect(outbox().deliveryFor(finishedPlaybookRun)).not.toBeInstanceOf(Promise);
  });
});
