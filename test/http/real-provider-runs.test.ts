import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startUpstreamSimulator, type UpstreamSimulator } from '../../tools/upstream-simulator/simulator-server.ts';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

/** Agent runs through a real provider adapter over HTTP, against the local upstream simulator. */
let simulator: UpstreamSimulator;
let testApp: TestApp;
let key: string;

function providerApp(timeouts: { UPSTREAM_TIMEOUT_MS: string; UPSTREAM_DEADLINE_MS: string }) {
  return startTestApp({
    databaseUrl: freshSqliteUrl(),
    env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: simulator.baseUrls.openai, SAFETY_CRITIC: 'rubric', ...timeouts },
  });
}

beforeAll(async () => {
  simulator = await startUpstreamSimulator();
  // Generous timeouts: on a loaded machine a fast failure must never turn into a timeout. Only the
  // hang test, which is about timeouts, runs an app with short ones.
  testApp = await providerApp({ UPSTREAM_TIMEOUT_MS: '10000', UPSTREAM_DEADLINE_MS: '20000' });
  key = await testApp.createKey('provider-user');
});
beforeEach(() => simulator.reset());
afterAll(async () => {
  await testApp.close();
  await simulator.close();
});

function run(agent: string, body: unknown, app: TestApp = testApp, apiKey: string = key) {
  return app.app.inject({ method: 'POST', url: `/api/v1/agents/${agent}`, headers: { ...bearer(apiKey), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}

describe('runs on a configured provider — happy paths', () => {
  it('uses the provider, never the sandbox, and reports its model and usage', async () => {
    const response = await run('leads', { prompt: 'fintech startups in Berlin' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // The enterprise plan routes by quality: the best OpenAI model for the task comes first.
    expect(body.meta.routing).toMatchObject({ policy: 'quality', category: 'research' });
    expect(body.data.model).toBe(body.meta.routing.chain[0]);
    expect(body.meta).toMatchObject({ provider: 'openai', model: body.meta.routing.chain[0] });
    expect(body.meta.usage.inputTokens).toBeGreaterThan(0);
    expect(body.meta.usage.costUsd).toBeGreaterThan(0);
    const [request] = simulator.requests();
    expect(request).toMatchObject({ provider: 'openai', model: body.data.model.replace('openai/', '') });
    expect(JSON.stringify(request?.body)).toContain('fintech startups in Berlin');
  });

  it('reports that it is not sandbox-only', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ status: 'ready', sandboxOnly: false });
  });
});

describe('runs on a configured provider — errors', () => {
  it('answers 502 upstream_unavailable with every attempt when every model of the provider fails', async () => {
    simulator.setFaults({ providers: { openai: { failureRate: 1, failWith: { type: 'http', status: 503 } } } });
    const response = await run('blog-gen', { prompt: 'x' });
    expect(response.statusCode, response.body).toBe(502);
    expect(response.headers['retry-after']).toBe('5');
    const body = response.json();
    expect(body).toMatchObject({ code: 'upstream_unavailable', runId: expect.stringMatching(/^run_/) });
    expect(body.attempts.length).toBeGreaterThan(1);
    for (const attempt of body.attempts) expect(attempt).toMatchObject({ provider: 'openai', outcome: 'error', status: 503, error: 'server_error' });
  });

  it('answers 502 when the models hang past the deadline', async () => {
    const shortTimeouts = await providerApp({ UPSTREAM_TIMEOUT_MS: '1000', UPSTREAM_DEADLINE_MS: '1500' });
    try {
      const shortKey = await shortTimeouts.createKey('provider-user');
      simulator.setFaults({ providers: { openai: { failureRate: 1, failWith: { type: 'hang' } } } });
      const started = Date.now();
      const response = await run('blog-gen', { prompt: 'x' }, shortTimeouts, shortKey);
      expect(response.statusCode).toBe(502);
      expect(response.json().attempts[0]).toMatchObject({ error: 'timeout' });
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await shortTimeouts.close();
    }
  });

  it('answers 500 agent_failed when the provider rejects the request itself', async () => {
    simulator.setFaults({ providers: { openai: { queue: [{ type: 'http', status: 400 }] } } });
    const response = await run('blog-gen', { prompt: 'x' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'agent_failed', runId: expect.any(String) });
  });
});

describe('runs on a configured provider — security', () => {
  it('sends the provider key to the provider and never returns it', async () => {
    const response = await run('blog-gen', { prompt: 'x' });
    expect(response.body).not.toContain('sk-test');
    expect(simulator.requests()).toHaveLength(1);
  });
});
