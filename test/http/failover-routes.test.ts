import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startUpstreamSimulator, type UpstreamSimulator } from '../../tools/upstream-simulator/simulator-server.ts';
import { allProvidersAt } from '../support/all-providers.ts';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';
import { waitFor } from '../support/wait-for.ts';

/** Routing and failover over the six real provider adapters, against the local upstream simulator. */
let simulator: UpstreamSimulator;
let testApp: TestApp;
let key: string;

beforeAll(async () => {
  simulator = await startUpstreamSimulator();
  testApp = await startTestApp({
    databaseUrl: freshSqliteUrl(),
    env: { ...allProvidersAt(simulator), CIRCUIT_FAILURE_THRESHOLD: '2', CIRCUIT_COOLDOWN_MS: '400', UPSTREAM_TIMEOUT_MS: '2000', SAFETY_CRITIC: 'rubric' },
  });
  key = await testApp.createKey('router-user');
});
beforeEach(() => simulator.reset());
afterAll(async () => {
  await testApp.close();
  await simulator.close();
});

const providerModelId = (id: string) => id.split('/').slice(1).join('/');

function run(body: Record<string, unknown> = {}) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/v1/agents/blog-gen',
    headers: { ...bearer(key), 'content-type': 'application/json' },
    payload: JSON.stringify({ prompt: 'Choosing a CRM for a small agency', ...body }),
  });
}

async function chainFor(body: Record<string, unknown> = {}): Promise<string[]> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/router/route',
    headers: { ...bearer(key), 'content-type': 'application/json' },
    payload: JSON.stringify({ prompt: 'Choosing a CRM for a small agency', agent: 'blog-gen', ...body }),
  });
  return (response.json().data.chain as { id: string }[]).map((model) => model.id);
}

function failModels(ids: string[], status = 503) {
  simulator.setFaults({ models: Object.fromEntries(ids.map((id) => [providerModelId(id), { failureRate: 1, failWith: { type: 'http' as const, status } }])) });
}

describe('routing — happy paths', () => {
  it('builds an 11-model chain across the six providers, best first, and runs on its first model', async () => {
    const chain = await chainFor();
    expect(chain).toHaveLength(11);
    expect(new Set(chain).size).toBe(11);
    expect(new Set(chain.map((id) => id.split('/')[0])).size).toBeGreaterThanOrEqual(5);
    const response = await run();
    expect(response.statusCode).toBe(200);
    expect(response.json().meta).toMatchObject({ model: chain[0], routing: { chain, policy: 'quality' } });
  });

  it('answers through each of the six providers’ adapters when their model is pinned', async () => {
    const models = (await testApp.app.inject({ method: 'GET', url: '/api/models?status=available' })).json().data as { id: string; provider: string }[];
    for (const provider of ['openai', 'anthropic', 'google', 'groq', 'mistral', 'nvidia']) {
      const model = models.find((entry) => entry.provider === provider);
      const response = await run({ model: model?.id });
      expect(response.statusCode, `${provider}: ${response.body.slice(0, 200)}`).toBe(200);
      expect(response.json().meta).toMatchObject({ model: model?.id, provider, attempts: [{ outcome: 'ok' }] });
      expect(response.json().data.title).toEqual(expect.any(String));
    }
  });

  it('follows the request’s policy and explains the decision', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/router/route',
      headers: { ...bearer(key), 'content-type': 'application/json' },
      payload: JSON.stringify({ prompt: 'Label each ticket by urgency', policy: 'cost' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ agent: null, category: 'classification', policy: 'cost', reason: expect.stringContaining('cost policy') });
  });
});

describe('failover — errors', () => {
  it('answers from model k+1 when the first k fail with 503, listing the k failures', async () => {
    const chain = await chainFor();
    failModels(chain.slice(0, 3));
    const response = await run();
    expect(response.statusCode).toBe(200);
    const meta = response.json().meta;
    expect(meta.model).toBe(chain[3]);
    expect(meta.attempts.map((attempt: { model: string; outcome: string; status?: number }) => [attempt.model, attempt.outcome, attempt.status])).toEqual([
      [chain[0], 'error', 503],
      [chain[1], 'error', 503],
      [chain[2], 'error', 503],
      [chain[3], 'ok', undefined],
    ]);
  });

  it('answers 502 upstream_unavailable with 11 attempts when all 11 fail', async () => {
    simulator.setFaults({ default: { failureRate: 1, failWith: { type: 'http', status: 500 } } });
    const response = await run({ prompt: 'Another topic entirely, about gardening' });
    expect(response.statusCode).toBe(502);
    expect(response.json().attempts).toHaveLength(11);
  });

  it('does not advance on a 400 from the upstream', async () => {
    const chain = await chainFor();
    failModels([chain[0] as string], 400);
    const response = await run();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'agent_failed', attempts: [{ model: chain[0], status: 400, error: 'bad_request' }] });
  });

  it('opens the circuit of a model that keeps failing, skips it, then probes it after the cooldown', async () => {
    // A fresh service: the other tests' failures must not have touched any circuit.
    await testApp.close();
    testApp = await startTestApp({
      databaseUrl: freshSqliteUrl(),
      env: { ...allProvidersAt(simulator), CIRCUIT_FAILURE_THRESHOLD: '2', CIRCUIT_COOLDOWN_MS: '400', UPSTREAM_TIMEOUT_MS: '2000', SAFETY_CRITIC: 'rubric' },
    });
    key = await testApp.createKey('router-user');
    const [first, second] = await chainFor({ prompt: 'Circuit test' });
    failModels([first as string]);
    for (let index = 0; index < 2; index += 1) expect((await run({ prompt: 'Circuit test' })).json().meta.model).toBe(second);

    const statusOf = async (model: string | undefined) =>
      ((await testApp.app.inject({ method: 'GET', url: '/api/models' })).json().data as { id: string; status: string }[]).find((entry) => entry.id === model)?.status;
    expect(await statusOf(first)).toBe('circuit_open');
    const skipped = await run({ prompt: 'Circuit test' });
    expect(skipped.json().meta.routing.chain).not.toContain(first);
    expect(skipped.json().meta.attempts.map((attempt: { model: string }) => attempt.model)).not.toContain(first);

    simulator.reset();
    // After the 400 ms cooldown the circuit lets one probe through, and the model is listed as available again.
    await waitFor(async () => (await statusOf(first)) === 'available', { what: 'the end of the cooldown' });
    const probed = await run({ prompt: 'Circuit test' });
    expect(probed.json().meta.model).toBe(first);
    expect(await statusOf(first)).toBe('available');
  });
});

describe('routing — security', () => {
  it('needs a key to explain a decision, and refuses unknown or unconfigured pinned models', async () => {
    expect((await testApp.app.inject({ method: 'POST', url: '/api/router/route', headers: { 'content-type': 'application/json' }, payload: '{"prompt":"x"}' })).statusCode).toBe(401);
    const unknown = await run({ model: 'openai/no-such-model' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues[0]).toMatchObject({ path: 'model' });
    const unconfigured = await run({ model: 'ollama/llama3.2' });
    expect(unconfigured.json().issues[0].message).toContain('not configured');
  });

  it('never shows provider ids or keys in the model list', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/models' });
    expect(response.body).not.toMatch(/sk-test|providerModelId/);
  });
});
