import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../adapters/db/open-database.ts';
import { KyselyWebhookDeliveryRepository } from '../../adapters/db/repositories/webhook-delivery-repository.ts';
import { StandardWebhookSigner } from '../../adapters/webhooks/standard-webhook-signer.ts';
import { migrateToLatest } from '../../adapters/db/migrator.ts';
import { OutboundError, type OutboundHttp, type OutboundRequest } from '../../ports/outbound-http.ts';
import type { DeliveryAttemptRecord, WebhookDeliveryRecord } from '../../ports/webhook-delivery-repository.ts';
import { AppError } from '../errors.ts';
import { WebhookDispatcher, type WebhookDispatcherOptions } from './webhook-dispatcher.ts';

/** The dispatcher's decisions, on a real SQLite database, against a receiver scripted answer by answer. */
const secret = `whsec_${Buffer.from('a secret of thirty-two bytes....').toString('base64')}`;
const signer = new StandardWebhookSigner();
const start = new Date('2026-01-01T10:00:00.000Z');

let database: Database;
let deliveries: KyselyWebhookDeliveryRepository;
let now: Date;
let sent: OutboundRequest[];
/** What the receiver does next, one entry per request: a status, or a failure to reach it. */
let answers: (number | Error)[];
let secrets: Map<string, string>;
let randomValues: number[];
let observed: [WebhookDeliveryRecord, DeliveryAttemptRecord][];

const http: OutboundHttp = {
  request: async (request) => {
    sent.push(request);
    const answer = answers.shift() ?? 200;
    if (answer instanceof Error) throw answer;
    return { status: answer, headers: {}, body: '', finalUrl: request.url, redirects: [], truncated: false, elapsedMs: 1 };
  },
};

function dispatcher(options: Partial<WebhookDispatcherOptions> = {}): WebhookDispatcher {
  return new WebhookDispatcher({
    deliveries,
    http,
    signer,
    secretOf: async (accountId) => secrets.get(accountId),
    clock: { now: () => now },
    random: () => randomValues.shift() ?? 0.5,
    options: { owner: 'this-process', retryScheduleSeconds: [10, 60, 300], leaseMs: 30_000, timeoutMs: 10_000, userAgent: 'agentapi-webhooks/test', ...options },
    onAttempt: (delivery, attempt) => observed.push([delivery, attempt]),
  });
}

function enqueue(sender: WebhookDispatcher, accountId = 'account-1'): Promise<WebhookDeliveryRecord> {
  return sender.enqueue({ accountId, url: 'https://receiver.example/hooks', type: 'playbook.completed', data: { runId: 'pbr_1', status: 'done' }, runId: 'pbr_1' });
}

async function stored(id: string): Promise<WebhookDeliveryRecord> {
  const delivery = await deliveries.findById(id);
  if (!delivery) throw new Error(`${id} was not stored`);
  return delivery;
}

/** Moves the clock to when the message is due again. */
async function untilDue(id: string): Promise<void> {
  const { nextAttemptAt } = await stored(id);
  if (nextAttemptAt === null) throw new Error(`${id} is not due again`);
  now = new Date(nextAttemptAt);
}

beforeEach(async () => {
  database = await openDatabase('sqlite::memory:');
  await migrateToLatest(database);
  deliveries = new KyselyWebhookDeliveryRepository(database.db);
  now = start;
  sent = [];
  answers = [];
  secrets = new Map([['account-1', secret]]);
  randomValues = [];
  observed = [];
});
afterEach(async () => {
  await database.close();
});

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
    expect(sent).toEqual([]);
  });
});

describe('deliverDue', () => {
  it('POSTs the stored body, signed, and marks the message delivered on a 2xx', async () => {
    const sender = dispatcher();
    const delivery = await enqueue(sender);
    answers = [204];
    expect(await sender.deliverDue()).toBe(1);

    expect(sent).toHaveLength(1);
    const request = sent[0] as OutboundRequest;
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
    expect(observed).toEqual([[after, after.attempts[0]]]);

    now = new Date(start.getTime() + 86_400_000);
    expect(await sender.deliverDue()).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it('retries 5xx after growing, jittered delays, sending the same bytes each time, until a 2xx', async () => {
    const sender = dispatcher();
    const delivery = await enqueue(sender);
    answers = [500, 503, 200];
    randomValues = [0, 0.999];

    expect(await sender.deliverDue()).toBe(1);
    const first = await stored(delivery.id);
    expect(first).toMatchObject({ status: 'pending', attemptCount: 1, completedAt: null, leaseOwner: null });
    const firstDelay = Date.parse(first.nextAttemptAt as string) - now.getTime();
    expect(firstDelay).toBe(8_000);

    // Not due yet: nothing is sent.
    now = new Date(now.getTime() + 7_999);
    expect(await sender.deliverDue()).toBe(0);
    await untilDue(delivery.id);
    const secondAt = now;
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
    expect(last).toMatchObject({ status: 'delivered', attemptCount: 3, nextAttemptAt: null, completedAt: now.toISOString() });
    expect(last.attempts.map(({ attempt, status, error, outcome }) => ({ attempt, status, error, outcome }))).toEqual([
      { attempt: 1, status: 500, error: 'http_500', outcome: 'retry' },
      { attempt: 2, status: 503, error: 'http_503', outcome: 'retry' },
      { attempt: 3, status: 200, error: null, outcome: 'delivered' },
    ]);

    expect(sent.map((request) => request.body)).toEqual([delivery.payload, delivery.payload, delivery.payload]);
    // Each attempt is signed at its own time, over the same body.
    const timestamps = sent.map((request) => request.headers?.['webhook-timestamp']);
    expect(new Set(timestamps).size).toBe(3);
    for (const request of sent) {
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
    answers = [answer];
    expect(await sender.deliverDue()).toBe(1);
    expect(await stored(delivery.id)).toMatchObject({ status: 'pending', attempts: [{ error, outcome: 'retry' }] });
  });

  it('stops at 410: the receiver asked for no more', async () => {
    const sender = dispatcher();
    const delivery = await enqueue(sender);
    answers = [410];
    expect(await sender.deliverDue()).toBe(1);
    expect(await stored(delivery.id)).toMatchObject({
      status: 'failed',
      nextAttemptAt: null,
      completedAt: start.toISOString(),
      attempts: [{ attempt: 1, status: 410, error: 'http_410', outcome: 'failed' }],
    });
    now = new Date(start.getTime() + 86_400_000);
    expect(await sender.deliverDue()).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it('fails at once, with the reason logged as its attempt, when the address is refused', async () => {
    const sender = dispatcher();
    const delivery = await enqueue(sender);
    answers = [new OutboundError('refused_address', 'receiver.example resolves to 10.0.0.7, a private address')];
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
    answers = [answer];
    await sender.deliverDue();
    expect(await stored(delivery.id)).toMatchObject({ status: 'failed', attempts: [{ status, error, outcome: 'failed' }] });
  });

  it('fails the message once the schedule has no more delays', async () => {
    const sender = dispatcher({ retryScheduleSeconds: [10] });
    const delivery = await enqueue(sender);
    answers = [new OutboundError('timeout', 'slow'), 503];
    expect(await sender.deliverDue()).toBe(1);
    await untilDue(delivery.id);
    expect(await sender.deliverDue()).toBe(1);
    const after = await stored(delivery.id);
    expect(after).toMatchObject({ status: 'failed', attemptCount: 2, nextAttemptAt: null, completedAt: now.toISOString() });
    expect(after.attempts.map((attempt) => [attempt.status, attempt.outcome])).toEqual([
      [null, 'retry'],
      [503, 'failed'],
    ]);
  });

  it('sends nothing when the account no longer has a secret, and fails the message', async () => {
    const sender = dispatcher();
    const delivery = await enqueue(sender);
    secrets.delete('account-1');
    expect(await sender.deliverDue()).toBe(1);
    expect(sent).toEqual([]);
    expect(await stored(delivery.id)).toMatchObject({ status: 'failed', attempts: [{ status: null, error: 'no_secret', outcome: 'failed' }] });
  });

  it('does not send a message another process holds, until its claim expires', async () => {
    const sender = dispatcher();
    const delivery = await enqueue(sender);
    const held = await deliveries.claimDue({ now: start.toISOString(), owner: 'another-process', leaseExpiresAt: new Date(start.getTime() + 30_000).toISOString(), limit: 10 });
    expect(held).toHaveLength(1);

    expect(await sender.deliverDue()).toBe(0);
    expect(sent).toEqual([]);
    expect(await stored(delivery.id)).toMatchObject({ leaseOwner: 'another-process', attempts: [] });

    now = new Date(start.getTime() + 30_001);
    expect(await sender.deliverDue()).toBe(1);
    expect(sent).toHaveLength(1);
    expect(await stored(delivery.id)).toMatchObject({ status: 'delivered', attempts: [{ attempt: 1 }] });
    // The process that lost its claim cannot record over the attempt that was made.
    expect(await deliveries.recordAttempt(delivery.id, 'another-process', { attempt: 1, at: start.toISOString(), status: 500, error: 'http_500', durationMs: 1, outcome: 'retry' }, now.toISOString())).toBe(false);
  });

  it('sends each message once when two processes deliver at the same moment', async () => {
    const first = dispatcher({ owner: 'process-1' });
    const second = dispatcher({ owner: 'process-2' });
    const ids = [];
    for (let index = 0; index < 4; index += 1) ids.push((await enqueue(first)).id);
    const counts = await Promise.all([first.deliverDue(), second.deliverDue()]);
    expect(counts[0] + counts[1]).toBe(4);
    expect(sent.map((request) => request.headers?.['webhook-id']).toSorted()).toEqual(ids.toSorted());
  });

  it('claims no more than the limit, oldest due first', async () => {
    const sender = dispatcher();
    const ids = [];
    for (let index = 0; index < 3; index += 1) {
      ids.push((await enqueue(sender)).id);
      now = new Date(now.getTime() + 1000);
    }
    expect(await sender.deliverDue(2)).toBe(2);
    expect(sent.map((request) => request.headers?.['webhook-id'])).toEqual(ids.slice(0, 2));
  });

  it('records the other attempts and then throws when one fails unexpectedly', async () => {
    const sender = dispatcher();
    const broken = await enqueue(sender);
    now = new Date(now.getTime() + 1000);
    const fine = await enqueue(sender);
    answers = [new TypeError('a bug'), 200];
    await expect(sender.deliverDue()).rejects.toThrow('a bug');
    expect(await stored(fine.id)).toMatchObject({ status: 'delivered' });
    // Left claimed: it is sent again once the claim expires.
    expect(await stored(broken.id)).toMatchObject({ status: 'pending', leaseOwner: 'this-process', attempts: [] });
  });
});

describe('list', () => {
  it('pages the account’s messages newest first with an opaque cursor', async () => {
    const sender = dispatcher();
    const ids = [];
    for (let index = 0; index < 3; index += 1) {
      ids.push((await enqueue(sender)).id);
      now = new Date(now.getTime() + 1000);
    }
    await enqueue(sender, 'account-2');

    const first = await sender.list('account-1', { limit: 2 });
    expect(first.deliveries.map((delivery) => delivery.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await sender.list('account-1', { limit: 2, cursor: first.nextCursor as string });
    expect(second.deliveries.map((delivery) => delivery.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
    expect((await sender.list('account-1', { limit: 3 })).nextCursor).toBeNull();
  });

  it('refuses a cursor it did not make', async () => {
    await expect(dispatcher().list('account-1', { limit: 2, cursor: 'not-a-cursor' })).rejects.toSatisfy((error) => error instanceof AppError && error.code === 'invalid_request');
  });
});

it('refuses a lease that does not outlast an attempt', () => {
  expect(() => dispatcher({ leaseMs: 10_000, timeoutMs: 10_000 })).toThrow(/lease/);
});
