import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

/** A path that exists asked with a method it lacks is 405 with Allow; a path that does not exist stays 404 (ADR 0052). */
let testApp: TestApp;
let key: string;

beforeAll(async () => {
  testApp = await startTestApp({ databaseUrl: freshSqliteUrl(), workers: false });
  key = await testApp.createKey('methods');
});
afterAll(async () => testApp.close());

function send(method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS', url: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method, url, headers: { ...bearer(key), ...headers } });
}

describe('methods a path does not have — errors', () => {
  it.each([
    ['DELETE', '/api/agents', 'GET, HEAD, OPTIONS'],
    ['PUT', '/api/agents/summarize', 'GET, HEAD, POST, OPTIONS'],
    ['GET', '/api/webhooks/trigger', 'POST, OPTIONS'],
    ['PATCH', '/api/runs/run_missing/cancel', 'POST, OPTIONS'],
    ['POST', '/healthz', 'GET, HEAD, OPTIONS'],
  ] as const)('%s %s answers 405 method_not_allowed with Allow: %s', async (method, url, allow) => {
    const response = await send(method, url);
    expect(response.statusCode, response.body).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      success: false,
      code: 'method_not_allowed',
      error: `${method} is not allowed on ${url}; it allows ${allow}`,
      allowed: allow.split(', '),
      requestId: response.headers['x-request-id'],
    });
  });

  it('answers 405 with Allow and no body to HEAD on a path without GET', async () => {
    const response = await send('HEAD', '/api/webhooks/trigger');
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST, OPTIONS');
    expect(response.body).toBe('');
  });

  it('keeps 404 not_found for paths no route has, whatever the method', async () => {
    for (const method of ['GET', 'DELETE', 'OPTIONS'] as const) {
      const response = await send(method, '/api/nothing-here');
      expect(response.statusCode).toBe(404);
      expect(response.headers.allow).toBeUndefined();
      if (method !== 'OPTIONS') expect(response.json()).toMatchObject({ success: false, code: 'not_found', error: `No route for ${method} /api/nothing-here` });
    }
  });
});

describe('methods a path has — happy paths', () => {
  it('answers HEAD on a GET route as GET, without a body', async () => {
    const response = await send('HEAD', '/api/agents/summarize');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });

  it('answers OPTIONS, a CORS preflight included, 204 with Allow', async () => {
    const preflight = { origin: 'https://app.example', 'access-control-request-method': 'POST' };
    const response = await testApp.app.inject({ method: 'OPTIONS', url: '/api/agents/summarize', headers: preflight });
    expect(response.statusCode).toBe(204);
    expect(response.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    expect(response.body).toBe('');
  });
});
