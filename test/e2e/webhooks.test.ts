import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestBody, startLocalTestServer, type LocalTestServer } from '../support/local-test-server.ts';
import { runCli, startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';
import { waitFor, type Truthy } from '../support/wait-for.ts';

/**
 * Webhooks end to end, as a user runs them: `agentapi serve` in its own process, a key and a webhook secret
 * from the CLI, triggers signed by the Standard Webhooks library, and a local receiver for the callbacks.
 */
interface Received {
  receivedAt: number;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const received: Received[] = [];
/** Statuses the receiver answers per path, one per request, then 200. */
const answers = new Map<string, number[]>();

let receiver: LocalTestServer;
let server: ServerProcess;
let guarded: ServerProcess;
let serverEnv: Record<string, string>;
const account = { key: '', secret: '' };
const guardedAccount = { key: '', secret: '' };

async function createAccount(env: Record<string, string>, user: string): Promise<{ key: string; secret: string }> {
  const created = await runCli(['keys', 'create', '--user', user, '--plan', 'free', '--json'], env);
  expect(created.code, created.stderr).toBe(0);
  const secret = await runCli(['webhooks', 'secret', '--user', user, '--json'], env);
  expect(secret.code, secret.stderr).toBe(0);
  return { key: (JSON.parse(created.stdout) as { key: string }).key, secret: (JSON.parse(secret.stdout) as { secret: string }).secret };
}

beforeAll(async () => {
  receiver = await startLocalTestServer((request, response) => {
    const path = request.url ?? '/';
    void requestBody(request).then((body) => {
      received.push({ receivedAt: Date.now(), path, headers: request.headers, body });
      response.writeHead(answers.get(path)?.shift() ?? 200).end();
    });
  });
  const common = { SAFETY_CRITIC: 'rubric', WEBHOOK_RETRY_SCHEDULE: '1,1,1', WEBHOOK_POLL_MS: '100' };
  const env = { ...common, DATABASE_URL: freshSqliteUrl(), OUTBOUND_ALLOW_HOSTS: '127.0.0.1' };
  serverEnv = env;
  const guardedEnv = { ...common, DATABASE_URL: freshSqliteUrl() };
  // The CLI creates the database on first use, as `npm start` would.
  Object.assign(account, await createAccount(env, 'e2e-hooks'));
  Object.assign(guardedAccount, await createAccount(guardedEnv, 'e2e-guarded'));
  [server, guarded] = await Promise.all([startServerProcess(env), startServerProcess(guardedEnv)]);
}, 60_000);

afterAll(async () => {
  await Promise.all([server?.stop(), guarded?.stop()]);
  await receiver?.close();
});

/** A trigger as a Standard Webhooks sender posts it: signed over the exact body with the account's secret. */
function sendSigned(target: ServerProcess, user: string, secret: string, payload: unknown, options: { id?: string; at?: Date } = {}) {
  const body = JSON.stringify(payload);
  const id = options.id ?? `msg_${randomUUID()}`;
  const at = options.at ?? new Date();
  const headers = { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(id, at, body) };
  return fetch(`${target.url}/api/webhooks/trigger?account=${user}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
}

function until<T>(read: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<Truthy<T>> {
  return waitFor(read, { timeoutMs, intervalMs: 50, what });
}

/** The callbacks the receiver got for a run, verified with the Standard Webhooks library (it throws otherwise). */
function callbacksFor(runId: string, secret: string) {
  return received
    .filter((entry) => entry.body.includes(runId))
    .map((entry) => ({ ...entry, message: new Webhook(secret).verify(entry.body, entry.headers as Record<string, string>) as { type: string; timestamp: string; data: Record<string, unknown> } }));
}

async function deliveries(target: ServerProcess, key: string) {
  const response = await fetch(`${target.url}/api/webhooks/deliveries`, { headers: { authorization: `Bearer ${key}` } });
  return ((await response.json()) as { data: { runId: string; status: string; eventType: string; attempts: { status: number | null; outcome: string; error: string | null }[] }[] }).data;
}

describe('webhooks end to end', () => {
  it('a signed trigger starts a run and the receiver gets a callback whose signature verifies', async () => {
    const response = await sendSigned(server, 'e2e-hooks', account.secret, { agent: 'summarize', prompt: 'Summarize: the launch moved to May.', callbackUrl: `${receiver.origin}/done` });
    expect(response.status).toBe(202);
    const { runId, statusUrl } = (await response.json()) as { runId: string; statusUrl: string };
    expect(statusUrl).toBe(`/api/runs/${runId}`);

    const [callback] = await until(() => (callbacksFor(runId, account.secret).length > 0 ? callbacksFor(runId, account.secret) : undefined), 'the callback');
    expect(callback?.path).toBe('/done');
    expect(callback?.message.type).toBe('run.completed');
    expect(callback?.message.data).toMatchObject({ runId, agent: 'summarize', status: 'done', model: 'sandbox/deterministic', result: { model: 'sandbox/deterministic' } });
    // The receiver's copy and the API's agree.
    const state = await fetch(`${server.url}${statusUrl}`, { headers: { authorization: `Bearer ${account.key}` } });
    expect(((await state.json()) as { data: { result: unknown } }).data.result).toEqual(callback?.message.data.result);
  });

  it('refuses a bad signature and a stale timestamp with 401, starting nothing', async () => {
    const payload = { agent: 'summarize', prompt: 'Summarize: nothing.' };
    const forged = await sendSigned(server, 'e2e-hooks', `whsec_${Buffer.from('not the account secret!!').toString('base64')}`, payload);
    expect(forged.status).toBe(401);
    const stale = await sendSigned(server, 'e2e-hooks', account.secret, payload, { at: new Date(Date.now() - 10 * 60_000) });
    expect(stale.status).toBe(401);
    expect(((await stale.json()) as { code: string; error: string })).toMatchObject({ code: 'unauthorized', error: expect.stringContaining('webhook-timestamp') });
  });

  it('the same webhook-id twice starts one run', async () => {
    const usage = async () => ((await (await fetch(`${server.url}/api/usage`, { headers: { authorization: `Bearer ${account.key}` } })).json()) as { data: { api: { used: number } } }).data.api.used;
    const before = await usage();
    const id = `msg_${randomUUID()}`;
    const payload = { agent: 'summarize', prompt: 'Summarize: the retry must not double-run.', callbackUrl: `${receiver.origin}/once` };
    const first = await sendSigned(server, 'e2e-hooks', account.secret, payload, { id });
    const second = await sendSigned(server, 'e2e-hooks', account.secret, payload, { id, at: new Date(Date.now() + 1000) });
    expect([first.status, second.status]).toEqual([202, 202]);
    const runId = ((await first.json()) as { runId: string }).runId;
    expect(((await second.json()) as { runId: string }).runId).toBe(runId);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    await until(() => (callbacksFor(runId, account.secret).length > 0 ? true : undefined), 'the callback');
    expect(await usage()).toBe(before + 1);
    expect(received.filter((entry) => entry.path === '/once')).toHaveLength(1);
  });

  it('a receiver answering 500 twice then 200 gets three attempts', async () => {
    answers.set('/flaky', [500, 500]);
    const response = await sendSigned(server, 'e2e-hooks', account.secret, { agent: 'summarize', prompt: 'Summarize: third time lucky.', callbackUrl: `${receiver.origin}/flaky` });
    const { runId } = (await response.json()) as { runId: string };
    const attempts = await until(() => {
      const got = callbacksFor(runId, account.secret);
      return got.length >= 3 ? got : undefined;
    }, 'three attempts');
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((attempt) => attempt.headers['webhook-id'])).size).toBe(1);
    const delivery = await until(async () => (await deliveries(server, account.key)).find((entry) => entry.runId === runId && entry.status === 'delivered'), 'the delivery listed as delivered');
    expect(delivery.attempts.map((attempt) => [attempt.status, attempt.outcome])).toEqual([[500, 'retry'], [500, 'retry'], [200, 'delivered']]);
  });

  it('a callback to 127.0.0.1 without the allow-list is refused at once: 400 on callbackUrl, no run, nothing sent', async () => {
    const before = received.length;
    const response = await sendSigned(guarded, 'e2e-guarded', guardedAccount.secret, { agent: 'summarize', prompt: 'Summarize: stay inside.', callbackUrl: `${receiver.origin}/private` });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; runId?: string; issues: { path: string }[] };
    expect(body.code).toBe('invalid_request');
    expect(body.runId).toBeUndefined();
    expect(body.issues.map((issue) => issue.path)).toContain('callbackUrl');
    expect(await deliveries(guarded, guardedAccount.key)).toEqual([]);
    expect(received.slice(before).filter((entry) => entry.path === '/private')).toEqual([]);
  });

  it('a delivery pending when the server is killed is sent by the restarted server', async () => {
    // Long enough that the retry cannot happen before the kill.
    answers.set('/after-restart', [500]);
    const response = await sendSigned(server, 'e2e-hooks', account.secret, { agent: 'summarize', prompt: 'Summarize: survive a crash.', callbackUrl: `${receiver.origin}/after-restart` });
    const { runId } = (await response.json()) as { runId: string };
    // Killed once the first attempt is recorded (a kill mid-attempt would hold the claim for its lease).
    await until(async () => ((await deliveries(server, account.key)).find((entry) => entry.runId === runId)?.attempts.length === 1 ? true : undefined), 'the first attempt');
    await server.stop('SIGKILL');
    const killedAt = Date.now();
    server = await startServerProcess(serverEnv);
    const attempts = await until(() => {
      const got = callbacksFor(runId, account.secret);
      return got.length >= 2 ? got : undefined;
    }, 'the attempt after the restart');
    expect(attempts.map((attempt) => attempt.message.type)).toEqual(['run.completed', 'run.completed']);
    // Sent by the new process: the killed one could send nothing after the kill.
    expect(attempts[1]?.receivedAt).toBeGreaterThan(killedAt);
    const delivery = await until(async () => (await deliveries(server, account.key)).find((entry) => entry.runId === runId && entry.status === 'delivered'), 'the delivery listed as delivered');
    expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([500, 200]);
  });
});
