import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KyselyWebhookDeliveryRepository } from '../../src/adapters/db/repositories/webhook-delivery-repository.ts';
import { StandardWebhookSigner } from '../../src/adapters/webhooks/standard-webhook-signer.ts';
import { WebhookDispatcher } from '../../src/domain/webhooks/webhook-dispatcher.ts';
import { buildApp } from '../../src/http/build-app.ts';
import type { HttpServices } from '../../src/http/http-services.ts';
import type { OutboundHttp } from '../../src/ports/outbound-http.ts';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

/** GET /api/webhooks/deliveries over the real service and database, with messages sent to a scripted receiver. */
let testApp: TestApp;
let app: FastifyInstance;
let dispatcher: WebhookDispatcher;
let now = new Date('2026-01-01T10:00:00.000Z');
/** The receiver's answers, one per request; 200 once they run out. */
const answers: number[] = [];

const receiver: OutboundHttp = {
  request: async (request) => ({ status: answers.shift() ?? 200, headers: {}, body: '', finalUrl: request.url, redirects: [], truncated: false, elapsedMs: 1 }),
};

let ownKey: string;
let otherKey: string;

beforeAll(async () => {
  // The app's own sender polls rarely: this test's dispatcher, on its own clock, does the sending.
  testApp = await startTestApp({ databaseUrl: freshSqliteUrl(), env: { WEBHOOK_POLL_MS: '60000' } });
  dispatcher = new WebhookDispatcher({
    deliveries: new KyselyWebhookDeliveryRepository(testApp.container.database.db),
    http: receiver,
    signer: new StandardWebhookSigner(),
    secretOf: async () => `whsec_${Buffer.from('a secret of thirty-two bytes....').toString('base64')}`,
    clock: { now: () => now },
    options: { owner: 'test', retryScheduleSeconds: [60], leaseMs: 30_000, timeoutMs: 1000, userAgent: 'test' },
  });
  // The service's own routes with this dispatcher.
  const services: HttpServices = { ...testApp.container.services, webhookDeliveries: dispatcher };
  app = await buildApp(services, { ...testApp.container.httpOptions, version: 'test' }, testApp.container.logger);
  await app.ready();

  ownKey = await testApp.createKey('deliveries-own');
  otherKey = await testApp.createKey('deliveries-other');
  const enqueue = async (index: number, accountId: string) => {
    await dispatcher.enqueue({ accountId, url: `https://receiver.example/${index}`, type: 'playbook.completed', data: { index }, runId: index === 0 ? null : `pbr_${index}` });
    now = new Date(now.getTime() + 1000);
  };
  // The first message gets a 503, then a 200 an hour later; the second a 404; the last two are not sent yet.
  await enqueue(0, 'deliveries-own');
  await enqueue(1, 'deliveries-own');
  answers.push(503, 404);
  expect(await dispatcher.deliverDue(1)).toBe(1);
  expect(await dispatcher.deliverDue(1)).toBe(1);
  now = new Date(now.getTime() + 3_600_000);
  expect(await dispatcher.deliverDue()).toBe(1);
  now = new Date(now.getTime() + 1000);
  await enqueue(2, 'deliveries-own');
  await enqueue(3, 'deliveries-other');
});
afterAll(async () => {
  await app.close();
  await testApp.close();
});

const list = (query: string, headers: Record<string, string> = bearer(ownKey)) => app.inject({ method: 'GET', url: `/api/webhooks/deliveries${query}`, headers });

describe('GET /api/webhooks/deliveries', () => {
  it('lists the account’s messages newest first with their attempts, in pages', async () => {
    const first = await list('?limit=2');
    expect(first.statusCode).toBe(200);
    const firstBody = first.json();
    expect(firstBody.meta).toEqual({ limit: 2, nextCursor: expect.any(String) });
    expect(firstBody.data.map((delivery: { url: string }) => delivery.url)).toEqual(['https://receiver.example/2', 'https://receiver.example/1']);
    expect(firstBody.data[0]).toEqual({
      id: expect.stringMatching(/^msg_/),
      url: 'https://receiver.example/2',
      eventType: 'playbook.completed',
      runId: 'pbr_2',
      status: 'pending',
      attemptCount: 0,
      nextAttemptAt: '2026-01-01T11:00:03.000Z',
      createdAt: '2026-01-01T11:00:03.000Z',
      completedAt: null,
      attempts: [],
    });
    expect(firstBody.data[1]).toMatchObject({ status: 'failed', attemptCount: 1, nextAttemptAt: null, attempts: [{ attempt: 1, status: 404, error: 'http_404', outcome: 'failed' }] });

    const second = (await list(`?limit=2&cursor=${firstBody.meta.nextCursor}`)).json();
    expect(second.meta).toEqual({ limit: 2, nextCursor: null });
    expect(second.data).toHaveLength(1);
    expect(second.data[0]).toMatchObject({ url: 'https://receiver.example/0', runId: null, status: 'delivered', attemptCount: 2, completedAt: expect.any(String) });
    expect(second.data[0].attempts.map((attempt: { status: number; outcome: string; error: string | null }) => [attempt.status, attempt.outcome, attempt.error])).toEqual([
      [503, 'retry', 'http_503'],
      [200, 'delivered', null],
    ]);
    expect(second.data[0].attempts[0]).toEqual({ attempt: 1, at: '2026-01-01T10:00:02.000Z', status: 503, error: 'http_503', durationMs: expect.any(Number), outcome: 'retry' });
  });

  it('shows neither the body sent nor which process holds a message', async () => {
    const text = (await list('')).body;
    expect(text).not.toContain('payload');
    expect(text).not.toContain('lease');
    expect(text).not.toContain('"index"');
  });

  it('answers 20 by default and an empty page for an account with none', async () => {
    expect((await list('')).json().meta).toEqual({ limit: 20, nextCursor: null });
    const fresh = await testApp.createKey('deliveries-none');
    expect((await list('', bearer(fresh))).json()).toEqual({ success: true, data: [], meta: { limit: 20, nextCursor: null } });
  });

  it.each(['?limit=0', '?limit=101', '?limit=ten', '?cursor=not-a-cursor', `?cursor=${Buffer.from('["yesterday","msg_x"]').toString('base64url')}`])('answers 400 invalid_request to %s', async (query) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'invalid_request' });
  });

  it('answers 401 without a valid key', async () => {
    expect((await list('', {})).statusCode).toBe(401);
    expect((await list('', { authorization: 'Bearer ak_live_nope' })).statusCode).toBe(401);
  });

  it('never shows another account’s messages', async () => {
    const other = (await list('', bearer(otherKey))).json();
    expect(other.data.map((delivery: { url: string }) => delivery.url)).toEqual(['https://receiver.example/3']);
    const own = (await list('?limit=100')).json();
    expect(own.data.map((delivery: { url: string }) => delivery.url)).not.toContain('https://receiver.example/3');
  });
});
