import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../src/domain/errors.ts';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';
import { pollRun, type RunView } from '../support/playbook-runs.ts';

/** Idempotency-Key on the POSTs that start work, on the sandbox provider and SQLite. */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp({ databaseUrl: freshSqliteUrl() });
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => testApp.close());

let keyCounter = 0;
/** A fresh idempotency key per call, so cases never see each other's records. */
function newKey(): string {
  keyCounter += 1;
  return `key-${keyCounter}-${Date.now()}`;
}

function post(apiKey: string, url: string, body: unknown, idempotencyKey?: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(apiKey), 'content-type': 'application/json', ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }), ...headers },
    payload: JSON.stringify(body),
  });
}

async function usedToday(apiKey: string): Promise<number> {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/usage', headers: bearer(apiKey) });
  return response.json().data.api.used as number;
}

describe('Idempotency-Key on POST /api/agents/{agent}', () => {
  it('runs once and replays the first response, marked Idempotent-Replayed, without counting it again', async () => {
    const apiKey = await testApp.createKey('replayed', { apiPlan: 'free' });
    const key = newKey();
    const first = await post(apiKey, '/api/agents/summarize', { prompt: 'Summarise: the meeting moved to Friday.' }, key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const second = await post(apiKey, '/api/agents/summarize', { prompt: 'Summarise: the meeting moved to Friday.' }, key);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
    expect(second.json().meta.runId).toBe(first.json().meta.runId);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['x-agent']).toBe('summarize');
    expect(second.headers['x-model']).toBe(first.headers['x-model']);
    // The replay is a response of its own: its request id, and today's limits.
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(second.headers['x-ratelimit-remaining']).toBe('49');
    expect(await usedToday(apiKey)).toBe(1);
  });

  it('matches the same body sent with its fields in another order', async () => {
    const apiKey = await testApp.createKey('reordered');
    const key = newKey();
    const first = await post(apiKey, '/api/agents/summarize', { prompt: 'Summarise: budgets are due.', policy: 'cost' }, key);
    const second = await testApp.app.inject({
      method: 'POST',
      url: '/api/agents/summarize',
      headers: { ...bearer(apiKey), 'content-type': 'application/json', 'idempotency-key': key },
      payload: '{"policy":"cost","prompt":"Summarise: budgets are due."}',
    });
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().meta.runId).toBe(first.json().meta.runId);
  });

  it('answers 422 idempotency_mismatch to the same key with another request', async () => {
    const apiKey = await testApp.createKey('mismatch');
    const key = newKey();
    expect((await post(apiKey, '/api/agents/summarize', { prompt: 'first text' }, key)).statusCode).toBe(200);
    for (const [url, body] of [
      ['/api/agents/summarize', { prompt: 'second text' }],
      ['/api/agents/blog-gen', { prompt: 'first text' }],
      ['/api/v1/agents/summarize', { prompt: 'first text' }],
    ] as const) {
      const refused = await post(apiKey, url, body, key);
      expect(refused.statusCode, url).toBe(422);
      expect(refused.json()).toMatchObject({ success: false, code: 'idempotency_mismatch', error: expect.stringMatching(/different request/) });
    }
  });

  it('keeps keys per account: another account with the same key gets its own run', async () => {
    const one = await testApp.createKey('tenant-one');
    const two = await testApp.createKey('tenant-two');
    const key = newKey();
    const first = await post(one, '/api/agents/summarize', { prompt: 'shared words' }, key);
    const second = await post(two, '/api/agents/summarize', { prompt: 'shared words' }, key);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().meta.runId).not.toBe(first.json().meta.runId);
  });

  it('answers 409 idempotency_in_flight while the first request runs, then replays it', async () => {
    const apiKey = await testApp.createKey('concurrent', { apiPlan: 'free' });
    const key = newKey();
    const runner = testApp.container.services.runner;
    const run = runner.run.bind(runner);
    let entered!: () => void;
    let finish!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    const gate = new Promise<void>((resolve) => (finish = resolve));
    vi.spyOn(runner, 'run').mockImplementation(async (command) => {
      entered();
      await gate;
      return run(command);
    });

    const first = post(apiKey, '/api/agents/summarize', { prompt: 'slow one' }, key);
    await inHandler;
    const second = await post(apiKey, '/api/agents/summarize', { prompt: 'slow one' }, key);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'idempotency_in_flight', error: expect.stringMatching(/still being processed/) });
    finish();
    expect((await first).statusCode).toBe(200);

    const third = await post(apiKey, '/api/agents/summarize', { prompt: 'slow one' }, key);
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(third.json().meta.runId).toBe((await first).json().meta.runId);
    expect(runner.run).toHaveBeenCalledTimes(1);
    expect(await usedToday(apiKey)).toBe(1);
  });

  it('runs concurrent requests with one key at most once', async () => {
    const apiKey = await testApp.createKey('concurrent-plain', { apiPlan: 'free' });
    const key = newKey();
    const responses = await Promise.all([1, 2, 3].map(() => post(apiKey, '/api/agents/summarize', { prompt: 'at once' }, key)));
    const succeeded = responses.filter((response) => response.statusCode === 200);
    for (const response of responses) expect([200, 409]).toContain(response.statusCode);
    expect(new Set(succeeded.map((response) => response.json().meta.runId)).size).toBe(1);
    expect(await usedToday(apiKey)).toBe(1);
  });

  it('answers 400 to a key that is not 1–255 printable ASCII characters', async () => {
    const apiKey = await testApp.createKey('invalid-key', { apiPlan: 'free' });
    for (const key of ['k'.repeat(256), 'clé']) {
      const response = await post(apiKey, '/api/agents/summarize', { prompt: 'x' }, key);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_request', issues: [{ path: 'headers.idempotency-key', message: expect.any(String) }] });
    }
    expect(await usedToday(apiKey)).toBe(0);
  });

  it('runs every request that has no key', async () => {
    const apiKey = await testApp.createKey('no-key', { apiPlan: 'free' });
    const first = await post(apiKey, '/api/agents/summarize', { prompt: 'no key' });
    const second = await post(apiKey, '/api/agents/summarize', { prompt: 'no key' });
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().meta.runId).not.toBe(first.json().meta.runId);
    expect(await usedToday(apiKey)).toBe(2);
  });

  it('stores and replays the request’s own refusal (404 agent_not_found)', async () => {
    const apiKey = await testApp.createKey('not-found');
    const key = newKey();
    const first = await post(apiKey, '/api/agents/no-such-agent', { prompt: 'x' }, key);
    expect(first.statusCode).toBe(404);
    const second = await post(apiKey, '/api/agents/no-such-agent', { prompt: 'x' }, key);
    expect(second.statusCode).toBe(404);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
  });

  it('releases the key after a 429 or a 5xx, so that a retry runs', async () => {
    const apiKey = await testApp.createKey('released');
    const runner = testApp.container.services.runner;
    for (const failure of [
      new AppError('quota_exceeded', 'Daily limit reached', {}, { retryAfterSeconds: 60 }),
      new AppError('upstream_unavailable', 'Every model failed', {}, { retryAfterSeconds: 5 }),
    ]) {
      const key = newKey();
      vi.spyOn(runner, 'run').mockRejectedValueOnce(failure);
      const refused = await post(apiKey, '/api/agents/summarize', { prompt: 'retry me' }, key);
      expect(refused.json().code).toBe(failure.code);
      const retried = await post(apiKey, '/api/agents/summarize', { prompt: 'retry me' }, key);
      expect(retried.statusCode).toBe(200);
      expect(retried.headers['idempotent-replayed']).toBeUndefined();
      vi.restoreAllMocks();
    }
  });

  it('starts a new run once the stored response has expired', async () => {
    const apiKey = await testApp.createKey('expired');
    const key = newKey();
    const first = await post(apiKey, '/api/agents/summarize', { prompt: 'expiring' }, key);
    await testApp.container.database.db.updateTable('idempotency_keys').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('key', '=', key).execute();
    const second = await post(apiKey, '/api/agents/summarize', { prompt: 'expiring' }, key);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().meta.runId).not.toBe(first.json().meta.runId);
  });

  it('forgets expired keys in the hourly housekeeping', async () => {
    const apiKey = await testApp.createKey('purged');
    const key = newKey();
    await post(apiKey, '/api/agents/summarize', { prompt: 'purge me' }, key);
    const { db } = testApp.container.database;
    await db.updateTable('idempotency_keys').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('key', '=', key).execute();
    expect(await testApp.container.purgeExpiredCounters()).toBeGreaterThanOrEqual(1);
    expect(await db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute()).toEqual([]);
  });

  it('does not take the key for a streamed run, which cannot be replayed', async () => {
    const apiKey = await testApp.createKey('streamed', { apiPlan: 'free' });
    const key = newKey();
    for (let index = 0; index < 2; index += 1) {
      const response = await post(apiKey, '/api/agents/summarize', { prompt: 'stream it', stream: true }, key);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(response.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(await usedToday(apiKey)).toBe(2);
    const rows = await testApp.container.database.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute();
    expect(rows).toEqual([]);
  });
});

describe('Idempotency-Key on playbook runs', () => {
  const leadBlitz = { playbook_id: 'lead-blitz', inputs: { niche: 'dental clinics', location: 'Leeds', product: 'online booking software for clinics' }, confirmed: true };

  it('starts one run for POST /api/playbooks/run sent twice with a key', async () => {
    const apiKey = await testApp.createKey('playbook-starter');
    const key = newKey();
    const first = await post(apiKey, '/api/playbooks/run', leadBlitz, key);
    expect(first.statusCode).toBe(202);
    const second = await post(apiKey, '/api/playbooks/run', leadBlitz, key);
    expect(second.statusCode).toBe(202);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers.location).toBe(first.headers.location);
    const runId = first.json().data.runId as string;
    expect(second.json().data.runId).toBe(runId);

    const listed = await testApp.app.inject({ method: 'GET', url: '/api/playbooks/runs', headers: bearer(apiKey) });
    expect(listed.json().data.map((run: RunView) => run.id)).toEqual([runId]);
    await pollRun((url) => testApp.app.inject({ method: 'GET', url, headers: bearer(apiKey) }), `/api/playbooks/runs/${runId}`);
  });

  it('does not keep a 409 from resume: a retry with the same key is answered afresh', async () => {
    const apiKey = await testApp.createKey('resumer');
    const started = await post(apiKey, '/api/playbooks/run', leadBlitz);
    const runId = started.json().data.runId as string;
    await pollRun((url) => testApp.app.inject({ method: 'GET', url, headers: bearer(apiKey) }), `/api/playbooks/runs/${runId}`);
    const key = newKey();
    for (let index = 0; index < 2; index += 1) {
      const response = await testApp.app.inject({ method: 'POST', url: `/api/playbooks/runs/${runId}/resume`, headers: { ...bearer(apiKey), 'idempotency-key': key } });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('conflict');
      expect(response.headers['idempotent-replayed']).toBeUndefined();
    }
  });
});
