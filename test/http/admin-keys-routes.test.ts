import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

const adminToken = 'admin-token-for-tests-0123456789';
let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp({ databaseUrl: freshSqliteUrl(), env: { ADMIN_TOKEN: adminToken } });
});
afterAll(async () => testApp.close());

function admin(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, token = adminToken) {
  return testApp.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
}

describe('admin key routes — happy paths', () => {
  it('creates a key that works, lists it, and revokes it', async () => {
    const created = await admin('POST', '/api/admin/keys', { user: 'team-a', plan: 'growth', v1Plan: 'pro', name: 'backend' });
    expect(created.statusCode).toBe(201);
    const { key, prefix } = created.json().data;
    expect(created.json().data).toMatchObject({ user: 'team-a', apiPlan: 'growth', v1Plan: 'pro', name: 'backend' });

    const run = await testApp.app.inject({ method: 'POST', url: '/api/v1/agents/blog-gen', headers: { ...bearer(key), 'content-type': 'application/json' }, payload: '{"prompt":"x"}' });
    expect(run.statusCode).toBe(200);

    const listed = await admin('GET', '/api/admin/keys?user=team-a');
    expect(listed.json().data).toEqual([expect.objectContaining({ prefix, user: 'team-a', apiPlan: 'growth', v1Plan: 'pro', revokedAt: null })]);
    expect(listed.body).not.toContain(key);

    expect((await admin('DELETE', `/api/admin/keys/${prefix}`)).json()).toMatchObject({ data: { prefix, revoked: true } });
    const refused = await testApp.app.inject({ method: 'POST', url: '/api/v1/agents/blog-gen', headers: { ...bearer(key), 'content-type': 'application/json' }, payload: '{"prompt":"x"}' });
    expect(refused.statusCode).toBe(401);
  });
});

describe('admin plan list', () => {
  it('lists the plans each surface accepts, with the default one', async () => {
    const response = await admin('GET', '/api/admin/plans');
    expect(response.statusCode).toBe(200);
    const { api, v1 } = response.json().data;
    expect(api.defaultPlan).toBe('free');
    expect(api.plans.map((plan: { id: string }) => plan.id)).toEqual(['free', 'starter', 'growth', 'node', 'enterprise']);
    expect(v1.plans).toContainEqual({ id: 'enterprise', name: 'Enterprise', dailyLimit: null, priceUsdPerMonth: null });
    expect((await admin('GET', '/api/admin/plans', undefined, 'wrong-token')).statusCode).toBe(401);
  });
});

describe('admin key routes — errors', () => {
  it('400s unknown plans and fields, listing each', async () => {
    const response = await admin('POST', '/api/admin/keys', { user: 'team-b', plan: 'gold', extra: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_request');
    const planProblem = await admin('POST', '/api/admin/keys', { user: 'team-b', plan: 'gold', v1Plan: 'silver' });
    expect(planProblem.json().issues.map((issue: { path: string }) => issue.path)).toEqual(['plan', 'v1Plan']);
  });

  it('404s revoking a key that does not exist', async () => {
    const response = await admin('DELETE', '/api/admin/keys/ak_live_nothing');
    expect(response.statusCode).toBe(404);
  });
});

describe('admin key routes — security', () => {
  it('401s without the admin token, and an API key is not an admin token', async () => {
    expect((await admin('GET', '/api/admin/keys', undefined, 'wrong-token')).statusCode).toBe(401);
    const userKey = await testApp.createKey('plain-user');
    expect((await admin('GET', '/api/admin/keys', undefined, userKey)).statusCode).toBe(401);
  });

  it('do not exist when ADMIN_TOKEN is not set', async () => {
    const withoutAdmin = await startTestApp({ databaseUrl: freshSqliteUrl() });
    try {
      const response = await withoutAdmin.app.inject({ method: 'GET', url: '/api/admin/keys', headers: bearer(adminToken) });
      expect(response.statusCode).toBe(404);
    } finally {
      await withoutAdmin.close();
    }
  });
});
