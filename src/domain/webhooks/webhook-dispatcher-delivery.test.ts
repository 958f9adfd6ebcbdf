import { describe, expect, it } from 'vitest';
import { OutboundError, type OutboundRequest } from '../../ports/outbound-http.ts';
import { dispatcher, enqueue, secret, signer, start, stored, untilDue, useDispatcherWorld } from '../../../test/support/webhook-dispatcher-world.ts';

/**
 * What the dispatcher stores and sends, and what it does with each answer of the receiver: delivered on a 2xx,
 * retried after growing delays on what may pass, failed at once on what will not. On a real SQLite database,
 * against a receiver scripted answer by answer.
 */
const world = useDispatcherWorld();

describe('enqueue', () => {
  it('stores the message due now, its body fixed once', async () => {
    const delivery = await enqueue(dispatcher());
    expect(delivery.id).toMatch(/^msg_[0-9a-z]{25}$/);
    expect(JSON.parse(delivery.payload)).toEqual({ type: 'playbook.completed', timestamp: start.toISOString(), data: { runId: 'pbr_1', status: 'done' } });
    expect(await stored(delivery.id)).toEqual({
      ...delivery,
      accountId: 'account-1',
      url: 'https://receiver.example/hooks',
      eventType: 'playbook.completed',
      runId: 'pbr_1',
      status: 'pending',
      attemptCount: 0,
      nextAttemptAt: start.toISOString(),
      createdAt: start.toISOString(),
      attempts: [],
    });
    expect(world.sent).toEqual([]);
  });
});

describe('deliverDue', () => {
  it('POSTs the stored body, signed, and marks the message delivered on a 2xx', async () => {
    const sender = dispatcher();
    const delivery = await enqueue(sender);
    world.answers = [204];
    expect(await sender.deliverDue()).toBe(1);

    expect(world.sent).toHaveLength(1);
    const request = world.sent[0] as OutboundRequest;
    expect(request).toMatchObject({ url: 'https://receiver.example/hooks', method: 'POST', body: delivery.payload, timeoutMs: 10_000, maxRedirects: 0 });
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'agentapi-webhooks/test',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(start.getTime() / 1000),
    });
    expect(() => signer.verify(secret, delivery.payload, request.headers ?? {}, { now: start, toleranceSeconds: 1 })).not.toThrow();
    expect(() => signer.verify(secret, `${delivery.payload} `, request.headers ?? {}, { now: start, toleranceSeconds: 1 })).toThrow();

    const after = await stored(delivery.id);
    expect(after).toMatchObject({ status: 'delivered', attemptCount: 1, nextAttemptAt: null, completedAt: start.toISOString(), leaseOwner: null });
    expect(after.attempts).toEqual([{ attempt: 1, at: start.toISOString(), status: 204, error: null, durationMs: expect.any(Number), outcome: 'delivered' }]);
    expect(world.observed).toEqual([[after, after.attempts[0]]]);

    world.now = new Date(start.getTime() + 86_400_000);
    expect(await sender.deliverDue()).toBe(0);
    expect(world.sent).toHaveLength(1);
  });

  it('retries 5xx after growing, jittered delays, sending the same bytes each time, until a 2xx', async () => {
    const sender = dispatcher();
    const delivery = await enqueue(sender);
    world.answers = [500, 503, 200];
    world.randomValues = [0, 0.999];

    expect(await sender.deliverDue()).toBe(1);
    const first = await stored(delivery.id);
    expect(first).toMatchObject({ status: 'pending', attemptCount: 1, completedAt: null, leaseOwner: null });
    const firstDelay = Date.parse(first.nextAttemptAt as string) - world.now.getTime();
    expect(firstDelay).toBe(8_000);

    // Not due yet: nothing is sent.
    world.now = new Date(world.now.getTime() + 7_999);
    expect(await sender.deliverDue()).toBe(0);
    await untilDue(delivery.id);
    const secondAt = world.now;
    expect(await sender.deliverDue()).toBe(1);
    const second = await stored(delivery.id);
    const secondDelay = Date.parse(second.nextAttemptAt as string) - secondAt.getTime();
    expect(secondDelay).toBeGreaterThanOrEqual(48_000);
    expect(secondDelay).toBeLessThanOrEqual(72_000);
    expect(secondDelay).toBeGreaterThan(71_000);
    expect(secondDelay).toBeGreaterThan(firstDelay);

    await untilDue(delivery.id);
    expect(await sender.deliverDue()).toBe(1);
    const last = await stored(delivery.id);
    expect(last).toMatchObject({ status: 'delivered', attemptCount: 3, nextAttemptAt: null, completedAt: world.now.toISOString() });
    expect(last.attempts.map(({ attempt, status, error, outcome }) => ({ attempt, status, error, outcome }))).toEqual([
      { attempt: 1, status: 500, error: 'http_500', outcome: 'retry' },
      { attempt: 2, status: 503, error: 'http_503', outcome: 'retry' },
      { attempt: 3, status: 200, error: null, outcome: 'delivered' },
    ]);

    expect(world.sent.map((request) => request.body)).toEqual([delivery.payload, delivery.payload, delivery.payload]);
    // Each attempt is signed at its own time, over the same body.
    const timestamps = world.sent.map((request) => request.headers?.['webhook-timestamp']);
    expect(new Set(timestamps).size).toBe(3);
    for (const request of world.sent) {
      expect(request.headers?.['webhook-id']).toBe(delivery.id);
      const signedAt = new Date(Number(request.headers?.['webhook-timestamp']) * 1000);
      expect(() => signer.verify(secret, delivery.payload, request.headers ?? {}, { now: signedAt, toleranceSeconds: 1 })).not.toThrow();
    }
  });

  it.each([
    ['a timeout', new OutboundError('timeout', 'no answer within 10000 ms'), 'timeout: no answer within 10000 ms'],
    ['a lost connection', new OutboundError('network', 'socket hang up'), 'network: socket hang up'],
    ['a name that does not resolve', new OutboundError('dns_failed', 'receiver.example: ENOTFOUND'), 'dns_failed: receiver.example: ENOTFOUND'],
    ['408', 408, 'http_408'],
    ['429', 429, 'http_429'],
  ])('retries after %s', async (_label, answer, error) => {
    const sender = dispatcher();
    const delivery = await enqueue(sender);
    world.answers = [answer];
    expect(await sender.deliverDue()).toBe(1);
    expect(await stored(delivery.id)).toMatchObject({ status: 'pending', attempts: [{ error, outcome: 'retry' }] });
  });

  it('stops at 410: the receiver asked for no more', async () => {
    const sender = dispatcher();
    const delivery = await enqueue(sender);
    world.answers = [410];
    expect(await sender.deliverDue()).toBe(1);
    expect(await stored(delivery.id)).toMatchObject({
      status: 'failed',
      nextAttemptAt: null,
      completedAt: start.toISOString(),
      attempts: [{ attempt: 1, status: 410, error: 'http_410', outcome: 'failed' }],
    });
    world.now = new Date(start.getTime() + 86_400_000);
    expect(await sender.deliverDue()).toBe(0);
    expect(world.sent).toHaveLength(1);
  });

  it('fails at once, with the reason logged as its attempt, when the address is refused', async () => {
    const sender = dispatcher();
    const delivery = await enqueue(sender);
    world.answers = [new OutboundError('refused_address', 'receiver.example resolves to 10.0.0.7, a private address')];
    expect(await sender.deliverDue()).toBe(1);
    expect(await stored(delivery.id)).toMatchObject({
      status: 'failed',
      attemptCount: 1,
      nextAttemptAt: null,
      completedAt: start.toISOString(),
      attempts: [{ attempt: 1, status: null, error: 'refused_address: receiver.example resolves to 10.0.0.7, a private address', outcome: 'failed' }],
    });
  });

  it.each([
    ['404', 404, 404, 'http_404'],
    ['a redirect, which is not followed', 302, 302, 'http_302'],
    ['an invalid URL', new OutboundError('invalid_url', 'not http(s)'), null, 'invalid_url: not http(s)'],
    ['too many redirects', new OutboundError('too_many_redirects', 'more than 0'), null, 'too_many_redirects: more than 0'],
  ])('does not retry after %s', async (_label, answer, status, error) => {
    const sender = dispatcher();
    const delivery = await enqueue(sender);
    world.answers = [answer];
    await sender.deliverDue();
    expect(await stored(delivery.id)).toMatchObject({ status: 'failed', attempts: [{ status, error, outcome: 'failed' }] });
  });

  it('fails the message once the schedule has no more delays', async () => {
    const sender = dispatcher({ retryScheduleSeconds: [10] });
    const delivery = await enqueue(sender);
    world.answers = [new OutboundError('timeout', 'slow'), 503];
    expect(await sender.deliverDue()).toBe(1);
    await untilDue(delivery.id);
    expect(await sender.deliverDue()).toBe(1);
    const after = await stored(delivery.id);
    expect(after).toMatchObject({ status: 'failed', attemptCount: 2, nextAttemptAt: null, completedAt: world.now.toISOString() });
    expect(after.attempts.map((attempt) => [attempt.status, attempt.outcome])).toEqual([
      [null, 'retry'],
      [503, 'failed'],
    ]);
  });

  it('sends nothing when the account no longer has a secret, and fails the message', async () => {
    const sender = dispatcher();
    const delivery = await enqueue(sender);
    world.secrets.delete('account-1');
    expect(await sender.deliverDue()).toBe(1);
    expect(world.sent).toEqual([]);
    expect(await stored(delivery.id)).toMatchObject({ status: 'failed', attempts: [{ status: null, error: 'no_secret', outcome: 'failed' }] });
  });
});
