import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KyselyRunRepository } from '../../src/adapters/db/repositories/run-repository.ts';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

let testApp: TestApp;
let key: string;

beforeAll(async () => {
  testApp = await startTestApp({ databaseUrl: freshSqliteUrl() });
  key = await testApp.createKey('runner-user');
});
afterAll(async () => testApp.close());

function post(url: string, body: unknown, headers: Record<string, string> = bearer(key)) {
  return testApp.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
}

describe('POST /api/agents/{agent} — happy paths', () => {
  it('runs leads with confirmation and answers the contract’s shape', async () => {
    const response = await post('/api/agents/leads', { prompt: 'fintech startups in Berlin', confirmed: true });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.model).toBe('sandbox/deterministic');
    expect(body.data.count).toBe(body.data.leads.length);
    for (const lead of body.data.leads) {
      expect(lead.company).toEqual(expect.any(String));
      expect(lead.contact).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
      expect(lead.score).toBeGreaterThanOrEqual(0);
      expect(lead.score).toBeLessThanOrEqual(100);
    }
    expect(body.responseTimeMs).toEqual(expect.any(Number));
    expect(body.meta).toMatchObject({ agent: 'leads', model: 'sandbox/deterministic', provider: 'sandbox', runId: expect.stringMatching(/^run_/) });
    expect(body.meta.attempts).toEqual([expect.objectContaining({ model: 'sandbox/deterministic', outcome: 'ok' })]);
    expect(response.headers['x-agent']).toBe('leads');
    expect(response.headers['x-model']).toBe('sandbox/deterministic');
    expect(response.headers['x-request-id']).toMatch(/^req_/);
    expect(response.headers['x-response-time']).toMatch(/^\d+(\.\d)?ms$/);
  });

  it('is deterministic on the sandbox: the same prompt gives the same data', async () => {
    const first = await post('/api/agents/blog-gen', { prompt: 'choosing a CRM for a small agency' });
    const second = await post('/api/agents/blog-gen', { prompt: 'choosing a CRM for a small agency' });
    expect(first.json().data).toEqual(second.json().data);
  });

  it('builds the task from structured fields when there is no prompt', async () => {
    const response = await post('/api/agents/leads', { niche: 'dental clinics', location: 'Lisbon', confirmed: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.leads[0].location).toBe('Lisbon');
  });

  it('accepts the fields under input too', async () => {
    const response = await post('/api/agents/blog-gen', { input: { topic: 'remote onboarding', tone: 'casual' } });
    expect(response.statusCode).toBe(200);
  });

  it('records the run with its account, surface, model and usage', async () => {
    const response = await post('/api/agents/blog-gen', { prompt: 'pricing pages that convert' });
    const runId = response.json().meta.runId;
    const stored = await new KyselyRunRepository(testApp.container.database.db).findById(runId);
    expect(stored).toMatchObject({ accountId: 'runner-user', surface: 'api', agent: 'blog-gen', model: 'sandbox/deterministic', provider: 'sandbox', status: 'succeeded' });
    expect(stored?.inputTokens).toBeGreaterThan(0);
  });

  it('keeps the caller’s sane X-Request-Id', async () => {
    const response = await post('/api/agents/blog-gen', { prompt: 'x' }, { ...bearer(key), 'x-request-id': 'trace-123' });
    expect(response.headers['x-request-id']).toBe('trace-123');
  });
});

describe('POST /api/v1/agents/{agent} — happy paths', () => {
  it('runs the v1 agents without a confirmation step', async () => {
    const leads = await post('/api/v1/agents/leads', { prompt: 'fintech startups in Berlin' });
    expect(leads.statusCode).toBe(200);
    expect(leads.json().data.count).toBe(leads.json().data.leads.length);
    const blog = await post('/api/v1/agents/blog-gen', { prompt: 'how to choose a CRM' });
    expect(blog.statusCode).toBe(200);
    expect(blog.json().data).toMatchObject({ title: expect.any(String), body: expect.any(String), model: 'sandbox/deterministic' });
  });
});

describe('agent runs — errors', () => {
  it('refuses a pinned model the registry does not know, on the sandbox too, with the known ids', async () => {
    const response = await post('/api/agents/summarize', { prompt: 'Summarise: the launch moved.', model: 'openai/gpt-4-turbo-nope' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: 'invalid_request', issues: [{ path: 'model' }] });
    expect(body.available).toEqual(testApp.container.registry.list().map((model) => model.id));
    const routed = await post('/api/router/route', { prompt: 'x', model: 'nope/model' });
    expect(routed.statusCode).toBe(400);
    expect(routed.json().available).toContain('sandbox/deterministic');
  });

  it('lets the sandbox stand in for a known model pinned while no provider is configured', async () => {
    const known = testApp.container.registry.list().find((model) => model.provider !== 'sandbox')?.id ?? '';
    const response = await post('/api/agents/summarize', { prompt: 'Summarise: the launch moved.', model: known });
    expect(response.statusCode).toBe(200);
    expect(response.json().meta.routing.reason).toContain(`in place of the pinned ${known}`);
  });

  it('404s an unknown agent with every valid id', async () => {
    const response = await post('/api/agents/does-not-exist', { prompt: 'x' });
    expect(response.statusCode).toBe(404);
    const body = response.json();
    expect(body).toMatchObject({ success: false, code: 'agent_not_found', requestId: expect.any(String) });
    expect(body.available).toEqual(testApp.container.services.catalog.ids('api'));
  });

  it('404s on /api/v1 with only the v1 ids', async () => {
    const response = await post('/api/v1/agents/does-not-exist', { prompt: 'x' });
    expect(response.json().available).toEqual(testApp.container.services.catalog.ids('v1'));
  });

  it('asks for confirmation with a preview and records nothing', async () => {
    const response = await post('/api/agents/leads', { prompt: 'fintech startups in Berlin' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'confirmation_required', preview: { agent: 'leads', model: 'sandbox/deterministic' } });
  });

  it('400s malformed JSON as invalid_json', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/agents/blog-gen', headers: { ...bearer(key), 'content-type': 'application/json' }, payload: '{"prompt": ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'invalid_json' });
  });

  it('400s a missing prompt with issues', async () => {
    const response = await post('/api/agents/blog-gen', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_request', issues: [{ path: 'prompt', message: expect.any(String) }] });
  });

  it('lists every invalid parameter at once', async () => {
    const response = await post('/api/agents/blog-gen', { prompt: '', confirmed: 'yes', stream: 3 });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((issue: { path: string }) => issue.path).sort()).toEqual(['confirmed', 'prompt', 'stream']);
  });

  it('400s a prompt over 50,000 characters', async () => {
    const response = await post('/api/agents/blog-gen', { prompt: 'a'.repeat(50_001) });
    expect(response.json()).toMatchObject({ code: 'invalid_request', issues: [{ path: 'prompt' }] });
  });

  it('400s invalid agent fields', async () => {
    const response = await post('/api/agents/blog-gen', { topic: 'x', tone: 'sarcastic' });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((issue: { path: string }) => issue.path).sort()).toEqual(['tone', 'topic']);
  });

  it('400s a body that is not an object', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/agents/blog-gen', headers: { ...bearer(key), 'content-type': 'application/json' }, payload: '[1,2]' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_request');
  });

  it('400s a request without a body', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/agents/blog-gen', headers: bearer(key) });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_request');
  });

  it('413s a body over the limit', async () => {
    const response = await post('/api/agents/blog-gen', { prompt: 'x', padding: 'a'.repeat(2 * 1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: 'payload_too_large' });
  });

  it('415s a body that is not JSON', async () => {
    for (const contentType of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x']) {
      const response = await testApp.app.inject({ method: 'POST', url: '/api/agents/blog-gen', headers: { ...bearer(key), 'content-type': contentType }, payload: 'prompt=x' });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json().code).toBe('unsupported_media_type');
    }
  });

  it('404s unknown routes as JSON', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'not_found' });
  });
});

describe('agent runs — security', () => {
  it('401s without a bearer token, with WWW-Authenticate', async () => {
    const response = await post('/api/agents/blog-gen', { prompt: 'x' }, {});
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.json()).toMatchObject({ success: false, code: 'unauthorized' });
  });

  it('401s an invalid key, a malformed header and a revoked key', async () => {
    expect((await post('/api/v1/agents/blog-gen', { prompt: 'x' }, bearer(`ak_live_${'A'.repeat(44)}`))).statusCode).toBe(401);
    expect((await post('/api/v1/agents/blog-gen', { prompt: 'x' }, { authorization: `Basic ${key}` })).statusCode).toBe(401);
    const revoked = await testApp.createKey('to-revoke');
    await testApp.container.services.accounts.revokeKey(revoked.slice(0, 20));
    expect((await post('/api/v1/agents/blog-gen', { prompt: 'x' }, bearer(revoked))).statusCode).toBe(401);
  });

  it('checks the key before the agent, so unknown agents do not leak to anonymous callers', async () => {
    const response = await post('/api/agents/does-not-exist', { prompt: 'x' }, {});
    expect(response.statusCode).toBe(401);
    expect(response.json().available).toBeUndefined();
  });

  it('never answers with a stack trace', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/agents/blog-gen', headers: { ...bearer(key), 'content-type': 'application/json' }, payload: '{"__proto__": {"polluted": true}, "prompt": "x"}' });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('ignores a caller’s request id that could inject into logs', async () => {
    const response = await post('/api/agents/blog-gen', { prompt: 'x' }, { ...bearer(key), 'x-request-id': 'bad id\nwith newline' });
    expect(response.headers['x-request-id']).toMatch(/^req_/);
  });
});

describe('POST /api/agents/{agent} — found by fuzzing', () => {
  it('answers a prompt of one very long word with a post, not 500 agent_failed for a stub description', async () => {
    const response = await post('/api/agents/blog-gen', { prompt: 'a'.repeat(1_000) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.metaDescription.length).toBeGreaterThanOrEqual(50);
  });
});
