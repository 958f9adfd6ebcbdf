import { afterAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/test-app.ts';
import { freshPostgresUrl } from '../support/test-databases.ts';
import { adminToken, startTwoAccountApp } from '../support/two-account-app.ts';

/** Found by fuzzing on PostgreSQL, which refuses NUL in text: each of these answered 500. */
const fixture = await startTwoAccountApp(await freshPostgresUrl());
afterAll(async () => fixture.close());

describe('a URL holding %00 (NUL) — errors', () => {
  it.each([
    ['GET', '/api/runs/run_%00', 'owner'],
    ['GET', '/api/playbooks/runs/pbr_%00', 'owner'],
    ['POST', '/api/playbooks/runs/pbr_%00/cancel', 'owner'],
    ['POST', '/api/playbooks/runs/pbr_%00/resume', 'owner'],
    ['GET', '/api/admin/keys?user=%00', 'admin'],
    ['GET', '/api/analytics?account=a%00b', 'admin'],
    ['POST', '/api/webhooks/trigger?account=%00', 'signed'],
  ] as const)('%s %s answers 400 invalid_request, not 500', async (method, url, caller) => {
    const signed = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,AAAA' };
    const headers = caller === 'owner' ? bearer(fixture.owner.key) : caller === 'admin' ? bearer(adminToken) : signed;
    const response = await fixture.testApp.app.inject({ method, url, headers: { ...headers, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) }, ...(method === 'POST' ? { payload: '{}' } : {}) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'invalid_request', issues: [{ path: 'url', message: 'must not hold %00 (NUL)' }] });
  });
});
