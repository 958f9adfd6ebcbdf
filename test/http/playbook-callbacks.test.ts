import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollRun } from '../support/playbook-runs.ts';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * Signed callbacks of playbook runs to a local receiver: verified with the Standard Webhooks library,
 * retried on 5xx, refused at the start for a private address without the allow-list, every attempt listed.
 */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** Statuses the receiver answers, one per request, then 200. */
const answers: number[] = [];

let allowed: TestApp;
let refused: TestApp;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const env = { SAFETY_CRITIC: 'rubric', WEBHOOK_RETRY_SCHEDULE: '1,1,1', WEBHOOK_POLL_MS: '100' };
  allowed = await startTestApp({ databaseUrl: freshSqliteUrl(), env: { ...env, OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
  refused = await startTestApp({ databaseUrl: freshSqliteUrl(), env });
});
afterAll(async () => {
  await Promise.all([allowed.close(), refused.close()]);
  await new Promise((resolve) => receiver.close(resolve));
});

async function createSecret(app: TestApp, key: string): Promise<string> {
  const response = await app.app.inject({ method: 'POST', url: '/api/webhooks/secret', headers: bearer(key) });
  expect(response.statusCode).toBe(201);
  return response.json().data.secret as string;
}

function startContentMachine(app: TestApp, key: string, callback: Record<string, string>) {
  return app.app.inject({
    method: 'POST',
    url: '/api/playbooks/run',
    headers: { ...bearer(key), 'content-type': 'application/json' },
    payload: JSON.stringify({ playbook_id: 'content-machine', inputs: { topic: 'Choosing a CRM', tone: 'casual' }, ...callback }),
  });
}

interface DeliveryView {
  id: string;
  runId: string | null;
  url: string;
  eventType: string;
  status: string;
  attempts: { attempt: number; status: number | null; error: string | null; outcome: string }[];
}

async function deliveryOf(app: TestApp, key: string, runId: string, until: (delivery: DeliveryView) => boolean): Promise<DeliveryView> {
  return waitFor(
    async () => {
      const listed = (await app.app.inject({ method: 'GET', url: '/api/webhooks/deliveries', headers: bearer(key) })).json().data as DeliveryView[];
      const delivery = listed.find((candidate) => candidate.runId === runId);
      return delivery && until(delivery) && delivery;
    },
    { timeoutMs: 15_000, intervalMs: 100, what: `the delivery for ${runId} to reach the expected state` },
  );
}

describe('playbook callbacks', () => {
  it('POST the outcome, signed so that a Standard Webhooks client verifies it, after two 500s on the third attempt', async () => {
    const key = await allowed.createKey('callback-owner');
    const secret = await createSecret(allowed, key);
    answers.push(500, 500);
    const before = received.length;
    const started = await startContentMachine(allowed, key, { callbackUrl: receiverUrl });
    expect(started.statusCode).toBe(202);
    const { runId } = started.json().data;
    await pollRun(async (url) => allowed.app.inject({ method: 'GET', url, headers: bearer(key) }), `/api/playbooks/runs/${runId}`);

    const delivery = await deliveryOf(allowed, key, runId, (candidate) => candidate.status !== 'pending');
    expect(delivery).toMatchObject({ url: receiverUrl, eventType: 'playbook.completed', status: 'delivered' });
    expect(delivery.attempts.map((attempt) => [attempt.attempt, attempt.status, attempt.outcome])).toEqual([
      [1, 500, 'retry'],
      [2, 500, 'retry'],
      [3, 200, 'delivered'],
    ]);

    const requests = received.slice(before);
    expect(requests).toHaveLength(3);
    // The same message each time: same id and body, so the receiver can de-duplicate.
    expect(new Set(requests.map((request) => request.headers['webhook-id'])).size).toBe(1);
    expect(new Set(requests.map((request) => request.body)).size).toBe(1);
    const last = requests[2] as Received;
    const verified = new Webhook(secret).verify(last.body, {
      'webhook-id': String(last.headers['webhook-id']),
      'webhook-timestamp': String(last.headers['webhook-timestamp']),
      'webhook-signature': String(last.headers['webhook-signature']),
    }) as { type: string; timestamp: string; data: { runId: string; status: string; steps: { status: string; result: unknown }[] } };
    expect(verified.type).toBe('playbook.completed');
    expect(verified.data).toMatchObject({ runId, status: 'done' });
    expect(verified.data.steps.map((step) => step.status)).toEqual(['done', 'done']);
    expect(verified.data.steps[0]?.result).toMatchObject({ title: expect.any(String) });
    // A signature from another secret does not verify.
    expect(() => new Webhook(`whsec_${Buffer.from('another secret of 32 bytes.......').toString('base64')}`).verify(last.body, last.headers as Record<string, string>)).toThrow();
  });

  it('accept webhook_url as the same field, and refuse a callback before the account has a secret', async () => {
    const key = await allowed.createKey('no-secret-yet');
    const refusedStart = await startContentMachine(allowed, key, { webhook_url: receiverUrl });
    expect(refusedStart.statusCode).toBe(400);
    expect(refusedStart.json().issues[0]).toMatchObject({ path: 'callbackUrl', message: expect.stringContaining('webhook secret') });
    const badUrl = await startContentMachine(allowed, key, { callbackUrl: 'ftp://example.com/x' });
    expect(badUrl.statusCode).toBe(400);
  });

  it('to 127.0.0.1 without the allow-list: refused at the start with 400, no run stored and no unit counted', async () => {
    const key = await refused.createKey('refused-owner', { apiPlan: 'free' });
    await createSecret(refused, key);
    const before = received.length;
    const started = await startContentMachine(refused, key, { callbackUrl: receiverUrl });
    expect(started.statusCode).toBe(400);
    expect(started.json()).toMatchObject({
      code: 'invalid_request',
      issues: [{ path: 'callbackUrl', message: expect.stringMatching(/^Callbacks are not sent to this address: 127\.0\.0\.1 is a private, local or reserved address/) }],
    });
    const runs = await refused.app.inject({ method: 'GET', url: '/api/runs', headers: bearer(key) });
    expect(runs.json().data).toEqual([]);
    const usage = await refused.app.inject({ method: 'GET', url: '/api/usage', headers: bearer(key) });
    expect(usage.json().data.api.used).toBe(0);
    expect(received.length).toBe(before);
  });
});
