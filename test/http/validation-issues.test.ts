import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxListedIssues } from '../../src/domain/errors.ts';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

/** A refused request lists every problem it has, whatever checks it: its schemas (each part) and the service. */
const adminToken = 'admin-token-for-validation-tests-0123';
let testApp: TestApp;
let key: string;

beforeAll(async () => {
  testApp = await startTestApp({ databaseUrl: freshSqliteUrl(), workers: false, env: { ADMIN_TOKEN: adminToken } });
  key = await testApp.createKey('validation');
});
afterAll(async () => testApp.close());

function send(method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) {
  const withBody = body === undefined ? {} : { payload: JSON.stringify(body) };
  return testApp.app.inject({ method, url, headers: { ...bearer(key), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers }, ...withBody });
}

async function issuesOf(response: Awaited<ReturnType<typeof send>>): Promise<Record<string, string>> {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({ success: false, code: 'invalid_request' });
  return Object.fromEntries((response.json().issues as { path: string; message: string }[]).map((issue) => [issue.path, issue.message]));
}

describe('every invalid field in one 400 — errors', () => {
  it('lists the path parameter, the body and the headers together, not only the first part that failed', async () => {
    const issues = await issuesOf(await send('POST', `/api/agents/${'a'.repeat(101)}`, { prompt: 5, policy: 'bogus' }, { 'idempotency-key': '' }));
    expect(Object.keys(issues).sort()).toEqual(['headers.idempotency-key', 'params.agent', 'policy', 'prompt']);
  });

  it("lists the body's own fields and the agent's structured fields together", async () => {
    const issues = await issuesOf(await send('POST', '/api/agents/ad-report', { policy: 'bogus', confirmed: 'yes', product: 'x', budget: true, audience: 5 }));
    expect(Object.keys(issues).sort()).toEqual(['audience', 'budget', 'confirmed', 'policy', 'product']);
    // A value that fits none of a field's forms says which forms there were.
    expect(issues.budget).toBe('Invalid input: matches none of the accepted forms (expected number, received boolean; or expected string, received boolean)');
  });

  it("lists the free tier's body problems and the agent's fields together", async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/free/run', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ agent: 'summarize', prompt: 5, params: { length: 'epic' } }) });
    const issues = await issuesOf(response);
    expect(Object.keys(issues).sort()).toEqual(['length', 'prompt']);
  });

  it("lists a missing prompt with the body's other problems, once", async () => {
    const issues = await issuesOf(await send('POST', '/api/agents/summarize', { policy: 'bogus', stream: 3 }));
    expect(Object.keys(issues).sort()).toEqual(['policy', 'prompt', 'stream']);
    expect(issues.prompt).toMatch(/^Required: send a prompt/);
    const empty = await issuesOf(await send('POST', '/api/agents/summarize', { prompt: '', stream: 3 }));
    expect(Object.keys(empty).sort()).toEqual(['prompt', 'stream']);
  });

  it("lists a missing playbook id with the body's other problems (a refinement is not skipped)", async () => {
    const issues = await issuesOf(await send('POST', '/api/playbooks/run', { inputs: 5, async: 'no' }));
    expect(Object.keys(issues).sort()).toEqual(['async', 'inputs', 'playbook_id']);
  });

  it("lists the playbook's inputs with the body's other problems", async () => {
    const issues = await issuesOf(await send('POST', '/api/playbooks/run', { playbook_id: 'weekly-report', async: 'no', inputs: { period: [], extra: 1 } }));
    expect(Object.keys(issues).sort()).toEqual(['async', 'inputs.client_name', 'inputs.extra', 'inputs.period']);
  });

  it('lists what a trigger lacks with its other problems, for an agent and for a playbook', async () => {
    const none = await issuesOf(await send('POST', '/api/webhooks/trigger', { prompt: 5, callbackUrl: '' }));
    expect(Object.keys(none).sort()).toEqual(['agent', 'callbackUrl', 'prompt']);
    const agent = await issuesOf(await send('POST', '/api/webhooks/trigger', { agent: 'ad-report', fallback: 'no', params: { product: 'x', platform: 7 } }));
    expect(Object.keys(agent).sort()).toEqual(['fallback', 'platform', 'product']);
    const playbook = await issuesOf(await send('POST', '/api/agents/trigger', { playbook_id: 'weekly-report', confirmed: 'no', inputs: { period: 'this week' } }));
    expect(Object.keys(playbook).sort()).toEqual(['confirmed', 'inputs.client_name']);
  });

  it("lists a query string's schema problems and the service's together", async () => {
    const issues = await issuesOf(await send('GET', '/api/analytics?from=bad&to=2026-02-30&groupBy=hour'));
    expect(Object.keys(issues).sort()).toEqual(['from', 'querystring.groupBy', 'to']);
  });

  it("lists an admin request's schema problems and the account service's together", async () => {
    const created = await issuesOf(await send('POST', '/api/admin/keys', { user: '!!', plan: 'nope', v1Plan: 'zzz', name: 5 }, bearer(adminToken)));
    expect(Object.keys(created).sort()).toEqual(['name', 'plan', 'user', 'v1Plan']);
    const changed = await issuesOf(await testApp.app.inject({ method: 'PATCH', url: '/api/admin/accounts/validation', headers: { ...bearer(adminToken), 'content-type': 'application/json' }, payload: '{"plan":5,"v1Plan":"zzz"}' }));
    expect(changed).toEqual({ plan: 'Invalid input: expected string, received number', v1Plan: 'unknown v1 plan "zzz"; one of: free, pro, enterprise' });
  });

  it(`lists at most ${maxListedIssues} issues and says how many more there were`, async () => {
    const inputs = Object.fromEntries(Array.from({ length: 80 }, (_, index) => [`unknown${index}`, 'x']));
    const response = await send('POST', '/api/playbooks/run', { playbook_id: 'weekly-report', inputs });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.issues).toHaveLength(maxListedIssues);
    // 80 unknown inputs and the 2 required ones missing.
    expect(body.issuesOmitted).toBe(82 - maxListedIssues);
    expect(body.error).toMatch(new RegExp(`; and ${82 - maxListedIssues} more \\(the first ${maxListedIssues} are listed\\)$`));
  });
});
