import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../support/app-routes.ts';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

/** Agent ids of the original service: aliases run the agent that does their task, retired ids answer 410 gone. */
let testApp: TestApp;
let key: string;

beforeAll(async () => {
  testApp = await startTestApp({ databaseUrl: freshSqliteUrl(), workers: false });
  key = await testApp.createKey('retired-ids', { apiPlan: 'free', v1Plan: 'free' });
});
afterAll(async () => testApp.close());

function post(url: string, body: unknown, headers: Record<string, string> = bearer(key)) {
  return testApp.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}

async function usedToday(): Promise<{ api: number; v1: number }> {
  const data = (await testApp.app.inject({ method: 'GET', url: '/api/usage', headers: bearer(key) })).json().data;
  return { api: data.api.used, v1: data.v1.used };
}

const ocrGone = {
  success: false,
  code: 'gone',
  reason: expect.stringContaining('OCR'),
  error: expect.stringMatching(/^Agent "ocr" is not offered: reading text from images needs an OCR/),
  requestId: expect.any(String),
};

describe('agent ids of the original service — happy paths: aliases', () => {
  it('run the agent that does the task, named by its own id', async () => {
    const response = await post('/api/agents/competitor', { prompt: 'Acme Analytics, a product analytics vendor' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-agent']).toBe('competitor-scan');
    expect(response.json().meta.agent).toBe('competitor-scan');
  });

  it('describe the agent they stand for', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/agents/voicechat' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.id).toBe('voice-chat');
  });
});

describe('agent ids of the original service — errors: retired ids answer 410 gone', () => {
  it('on a run, with the reason, uncounted', async () => {
    const before = await usedToday();
    const response = await post('/api/agents/ocr', { prompt: 'Read the text of this scanned invoice' });
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual(ocrGone);
    expect(response.json().replacement).toBeUndefined();
    expect(await usedToday()).toEqual(before);
  });

  it('with the playbook to run instead, for an id that is a playbook here', async () => {
    const response = await post('/api/agents/ghost-fleet', { prompt: 'Dentists in Lyon' });
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ code: 'gone', replacement: { playbook: 'ghost-fleet' } });
    expect(response.json().error).toContain('Use the playbook "ghost-fleet" (POST /api/playbooks/run) instead.');
  });

  it('on every other route that takes an agent id: stream, describe, /api/v1, free run, trigger, routing preview', async () => {
    const before = await usedToday();
    const answers = [
      await post('/api/agents/ocr', { prompt: 'Read this scan', stream: true }),
      await testApp.app.inject({ method: 'GET', url: '/api/agents/ocr' }),
      await post('/api/v1/agents/ocr', { prompt: 'Read this scan' }),
      await post('/api/free/run', { agent: 'ocr', prompt: 'Read this scan' }, {}),
      await post('/api/webhooks/trigger', { agent: 'ocr', prompt: 'Read this scan' }),
      await post('/api/agents/trigger', { agent: 'ocr', params: { prompt: 'Read this scan' } }),
      await post('/api/router/route', { agent: 'ocr', prompt: 'Read this scan' }),
    ];
    for (const response of answers) {
      expect(response.statusCode).toBe(410);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual(ocrGone);
    }
    expect(await usedToday()).toEqual(before);
  });

  it('point only to endpoints the service has', () => {
    const routes = new Set(registeredRoutes(testApp.app).map((route) => `${route.method} ${route.url}`));
    const endpoints = testApp.container.services.catalog.retirements().flatMap((entry) => (entry.replacement && 'endpoint' in entry.replacement ? [entry.replacement.endpoint] : []));
    expect(endpoints.length).toBeGreaterThan(0);
    expect(endpoints.filter((endpoint) => !routes.has(endpoint))).toEqual([]);
  });

  it('are documented as 410 on the agent routes of the OpenAPI document', async () => {
    const paths = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
    for (const [path, method] of [['/api/agents/{agent}', 'post'], ['/api/agents/{agent}', 'get'], ['/api/v1/agents/{agent}', 'post'], ['/api/free/run', 'post'], ['/api/webhooks/trigger', 'post'], ['/api/router/route', 'post']] as const) {
      expect(paths[path][method].responses['410'], `${method} ${path}`).toBeDefined();
    }
  });

  it('leave unknown ids a 404 with the valid ids', async () => {
    const response = await post('/api/agents/no-such-agent', { prompt: 'x' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'agent_not_found', available: expect.arrayContaining(['competitor-scan']) });
  });
});

describe('agent ids of the original service — security', () => {
  it('ask for credentials before telling whether an id is retired', async () => {
    const anonymous = await post('/api/agents/ocr', { prompt: 'Read this scan' }, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('unauthorized');
    expect(anonymous.body).not.toContain('OCR');
  });
});
