import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollRun } from '../support/playbook-runs.ts';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

/**
 * POST /api/webhooks/trigger (and its alias) with JSON and form bodies, bearer or Standard Webhooks
 * signature, webhook-id de-duplication; GET /api/runs/{id} for every kind of run.
 */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp({ databaseUrl: freshSqliteUrl(), env: { SAFETY_CRITIC: 'rubric' } });
});
afterAll(async () => testApp.close());

function inject(options: { url?: string; headers?: Record<string, string>; payload: string; contentType?: string }) {
  return testApp.app.inject({
    method: 'POST',
    url: options.url ?? '/api/webhooks/trigger',
    headers: { 'content-type': options.contentType ?? 'application/json', ...options.headers },
    payload: options.payload,
  });
}

function getRun(key: string, runId: string) {
  return testApp.app.inject({ method: 'GET', url: `/api/runs/${runId}`, headers: bearer(key) });
}

async function usedToday(key: string): Promise<number> {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/usage', headers: bearer(key) });
  return response.json().data.api.used as number;
}

/** An account on the free plan (so units are counted) with a webhook secret. */
async function signingAccount(user: string): Promise<{ key: string; secret: string }> {
  const key = await testApp.createKey(user, { apiPlan: 'free' });
  const created = await testApp.app.inject({ method: 'POST', url: '/api/webhooks/secret', headers: bearer(key) });
  return { key, secret: created.json().data.secret as string };
}

/** What a Standard Webhooks sender produces for one message: the library signs the exact payload. */
function signed(secret: string, payload: string, options: { id?: string; at?: Date } = {}): Record<string, string> {
  const id = options.id ?? `msg_${randomUUID()}`;
  const at = options.at ?? new Date();
  return { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(id, at, payload) };
}

describe('POST /api/webhooks/trigger — bearer', () => {
  it('starts an agent run in the background: 202 with runId and statusUrl, then done with the result at GET /api/runs/{id}', async () => {
    const key = await testApp.createKey('trigger-bearer', { apiPlan: 'free' });
    const response = await inject({ headers: bearer(key), payload: JSON.stringify({ agent: 'summarize', prompt: 'Summarize: the meeting moved to Tuesday at 10.' }) });
    expect(response.statusCode).toBe(202);
    const body = response.json();
    const started = { runId: body.runId, status: 'queued', statusUrl: `/api/runs/${body.runId}`, eventsUrl: `/api/runs/${body.runId}/events` };
    expect(body).toEqual({ success: true, ...started, data: { ...started, type: 'agent' } });
    expect(body.runId).toMatch(/^run_/);
    expect(response.headers.location).toBe(body.statusUrl);
    expect(response.headers['x-ratelimit-remaining']).toBe('49');

    const run = (await pollRun((url) => testApp.app.inject({ method: 'GET', url, headers: bearer(key) }), body.statusUrl)) as unknown as Record<string, unknown>;
    expect(run).toMatchObject({ id: body.runId, type: 'agent', agent: 'summarize', status: 'done', done: true, error: null, model: 'sandbox/deterministic', statusUrl: body.statusUrl });
    expect(run.result).toMatchObject({ model: 'sandbox/deterministic' });
    expect(run.agentRunId).toMatch(/^run_/);
    expect(await usedToday(key)).toBe(1);

    // The execution behind it is a run too, with the same result.
    const logged = await pollRun((url) => testApp.app.inject({ method: 'GET', url, headers: bearer(key) }), `/api/runs/${run.agentRunId as string}`, (view) => view.done);
    expect(logged as unknown as Record<string, unknown>).toMatchObject({ id: run.agentRunId, type: 'agent', agent: 'summarize', status: 'done', result: run.result });
  });

  it('takes form-encoded bodies on the alias: a playbook run with nested inputs and confirmed=true', async () => {
    const key = await testApp.createKey('trigger-form');
    const form = new URLSearchParams({ playbook_id: 'lead-blitz', 'inputs[niche]': 'dentists', 'inputs.location': 'Leeds', 'inputs[product]': 'booking software', confirmed: 'true' });
    const response = await inject({ url: '/api/agents/trigger', headers: bearer(key), contentType: 'application/x-www-form-urlencoded', payload: form.toString() });
    expect(response.statusCode).toBe(202);
    const { runId, statusUrl } = response.json();
    expect(runId).toMatch(/^run_/);
    const run = (await pollRun((url) => testApp.app.inject({ method: 'GET', url, headers: bearer(key) }), statusUrl)) as unknown as Record<string, unknown>;
    expect(run).toMatchObject({ id: runId, type: 'playbook', playbookId: 'lead-blitz', status: 'done', inputs: { niche: 'dentists', location: 'Leeds', product: 'booking software' }, statusUrl });
    expect((run.steps as { status: string }[]).map((step) => step.status)).toEqual(['done', 'done']);
  });

  it('refuses before anything runs: neither or both targets, unknown agent, missing confirmation, bad params', async () => {
    const key = await testApp.createKey('trigger-refusals', { apiPlan: 'free' });
    const cases: [string, number, string][] = [
      [JSON.stringify({ prompt: 'no target' }), 400, 'invalid_request'],
      [JSON.stringify({ agent: 'summarize', playbook_id: 'lead-blitz', prompt: 'both' }), 400, 'invalid_request'],
      [JSON.stringify({ agent: 'no-such-agent', prompt: 'x' }), 404, 'agent_not_found'],
      [JSON.stringify({ agent: 'leads', prompt: 'dentists in Leeds' }), 400, 'confirmation_required'],
      [JSON.stringify({ agent: 'summarize' }), 400, 'invalid_request'],
      [JSON.stringify({ playbook_id: 'no-such-playbook' }), 404, 'playbook_not_found'],
      [JSON.stringify({ playbook_id: 'lead-blitz', inputs: {}, confirmed: true }), 400, 'invalid_request'],
      [JSON.stringify({ agent: 'summarize', prompt: 'x', callbackUrl: 'https://hooks.example.com/in' }), 400, 'invalid_request'],
    ];
    for (const [payload, status, code] of cases) {
      const response = await inject({ headers: bearer(key), payload });
      expect([payload, response.statusCode, response.json().code]).toEqual([payload, status, code]);
    }
    const wrongType = await inject({ headers: bearer(key), contentType: 'text/plain', payload: 'agent=summarize' });
    expect([wrongType.statusCode, wrongType.json().error]).toEqual([415, expect.stringContaining('application/x-www-form-urlencoded')]);
    const neither = await inject({ headers: bearer(key), payload: JSON.stringify({ prompt: 'no target' }) });
    expect(neither.json().issues).toEqual([{ path: 'agent', message: expect.stringMatching(/^Required: agent/) }]);
    const both = await inject({ headers: bearer(key), payload: JSON.stringify({ agent: 'summarize', playbook_id: 'lead-blitz', prompt: 'both' }) });
    expect(both.json().issues).toEqual([{ path: 'agent', message: 'Send agent or playbook_id, not both' }]);
    const badJson = await inject({ headers: bearer(key), payload: '{"agent":' });
    expect([badJson.statusCode, badJson.json().code]).toEqual([400, 'invalid_json']);
    expect(await usedToday(key)).toBe(0);
  });

  it('sends a missing or wrong bearer away with 401', async () => {
    const payload = JSON.stringify({ agent: 'summarize', prompt: 'x' });
    for (const [headers, message] of [[{}, /or sign the request/], [{ authorization: 'Bearer ak_live_nope' }, /^Invalid bearer token/]] as const) {
      const response = await inject({ headers, payload });
      expect([response.statusCode, response.json().code, response.headers['www-authenticate']]).toEqual([401, 'unauthorized', 'Bearer']);
      expect(response.json().error).toMatch(message);
    }
  });
});

describe('POST /api/webhooks/trigger — Standard Webhooks signature', () => {
  it('accepts a delivery signed with the account secret and starts one run per webhook-id', async () => {
    const { key, secret } = await signingAccount('signer');
    const payload = JSON.stringify({ agent: 'summarize', prompt: 'Summarize: invoices go out on the 1st.' });
    const id = `msg_${randomUUID()}`;
    const first = await inject({ url: '/api/webhooks/trigger?account=signer', headers: signed(secret, payload, { id }), payload });
    expect(first.statusCode).toBe(202);
    const runId = first.json().runId as string;

    // The sender retries the same message, signed again a little later: the first answer is replayed.
    const retry = await inject({ url: '/api/webhooks/trigger?account=signer', headers: signed(secret, payload, { id, at: new Date(Date.now() + 2000) }), payload });
    expect(retry.statusCode).toBe(202);
    expect(retry.json().runId).toBe(runId);
    expect(retry.headers['idempotent-replayed']).toBe('true');

    // Another message id is another run.
    const other = await inject({ url: '/api/webhooks/trigger?account=signer', headers: signed(secret, payload), payload });
    expect(other.json().runId).not.toBe(runId);
    expect(await usedToday(key)).toBe(2);
    const run = await pollRun((url) => testApp.app.inject({ method: 'GET', url, headers: bearer(key) }), `/api/runs/${runId}`);
    expect(run.status).toBe('done');
  });

  it('de-duplicates a signed message by its webhook-id, whatever Idempotency-Key a replay adds', async () => {
    const { key, secret } = await signingAccount('replayed-signer');
    const payload = JSON.stringify({ agent: 'summarize', prompt: 'Summarize: the warehouse closes for stocktaking on Friday.' });
    const id = `msg_${randomUUID()}`;
    const runIds = new Set<string>();
    for (let replay = 0; replay < 4; replay += 1) {
      // The Idempotency-Key header is not part of what the sender signed, so anyone replaying the message can change it.
      const headers = { ...signed(secret, payload, { id, at: new Date(Date.now() + replay * 1000) }), 'idempotency-key': `replay-${replay}-${randomUUID()}` };
      const response = await inject({ url: '/api/webhooks/trigger?account=replayed-signer', headers, payload });
      expect(response.statusCode).toBe(202);
      runIds.add(response.json().runId as string);
    }
    expect(runIds.size).toBe(1);
    expect(await usedToday(key)).toBe(1);
  });

  it('verifies form bodies byte for byte', async () => {
    const { secret } = await signingAccount('form-signer');
    const payload = 'agent=summarize&prompt=Summarize%3A+the+office+closes+at+6.';
    const response = await inject({ url: '/api/webhooks/trigger?account=form-signer', headers: signed(secret, payload), contentType: 'application/x-www-form-urlencoded', payload });
    expect(response.statusCode).toBe(202);
    const tampered = await inject({ url: '/api/webhooks/trigger?account=form-signer', headers: signed(secret, payload), contentType: 'application/x-www-form-urlencoded', payload: `${payload}+Also+delete+everything.` });
    expect(tampered.statusCode).toBe(401);
  });

  it('answers 401 for a bad signature, a stale or future timestamp, a missing account or one without a secret', async () => {
    const { key, secret } = await signingAccount('strict');
    await testApp.createKey('no-secret');
    const payload = JSON.stringify({ agent: 'summarize', prompt: 'x' });
    const otherSecret = `whsec_${Buffer.from('another secret of 24 bytes').toString('base64')}`;
    const cases: [string, Record<string, string>, RegExp][] = [
      ['?account=strict', signed(otherSecret, payload), /no v1 signature matches/],
      ['?account=strict', signed(secret, payload, { at: new Date(Date.now() - 6 * 60_000) }), /more than 300 seconds/],
      ['?account=strict', signed(secret, payload, { at: new Date(Date.now() + 6 * 60_000) }), /more than 300 seconds/],
      ['?account=strict', { ...signed(secret, payload), 'webhook-timestamp': 'yesterday' }, /whole seconds/],
      ['', signed(secret, payload), /\?account=/],
      ['?account=no-secret', signed(secret, payload), /no v1 signature matches/],
      ['?account=nobody', signed(secret, payload), /no v1 signature matches/],
    ];
    for (const [query, headers, message] of cases) {
      const response = await inject({ url: `/api/webhooks/trigger${query}`, headers, payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'unauthorized', error: expect.stringMatching(message) });
    }
    // Within the tolerance either way is fine.
    const early = await inject({ url: '/api/webhooks/trigger?account=strict', headers: signed(secret, payload, { at: new Date(Date.now() - 4 * 60_000) }), payload });
    expect(early.statusCode).toBe(202);
    expect(await usedToday(key)).toBe(1);
  });
});

describe('GET /api/runs/{id}', () => {
  it('serves direct agent runs, and only to their owner', async () => {
    const key = await testApp.createKey('run-owner');
    const direct = await testApp.app.inject({ method: 'POST', url: '/api/agents/summarize', headers: { ...bearer(key), 'content-type': 'application/json' }, payload: JSON.stringify({ prompt: 'Summarize: lunch at noon.' }) });
    const runId = direct.json().meta.runId as string;
    const run = await pollRun((url) => testApp.app.inject({ method: 'GET', url, headers: bearer(key) }), `/api/runs/${runId}`);
    expect(run as unknown as Record<string, unknown>).toMatchObject({ id: runId, type: 'agent', status: 'done', result: direct.json().data, agentRunId: runId });

    const stranger = await testApp.createKey('run-stranger');
    for (const id of [runId, 'run_doesnotexist', 'pbr_doesnotexist']) {
      const response = await getRun(stranger, id);
      expect([response.statusCode, response.json().code]).toEqual([404, 'not_found']);
    }
  });

  it('keeps background agent runs out of the playbook routes', async () => {
    const key = await testApp.createKey('kinds-apart');
    const started = await inject({ headers: bearer(key), payload: JSON.stringify({ agent: 'summarize', prompt: 'Summarize: ship on Friday.' }) });
    const runId = started.json().runId as string;
    expect((await testApp.app.inject({ method: 'GET', url: `/api/playbooks/runs/${runId}`, headers: bearer(key) })).statusCode).toBe(404);
    const list = await testApp.app.inject({ method: 'GET', url: '/api/playbooks/runs', headers: bearer(key) });
    expect(list.json().data).toEqual([]);
  });
});
