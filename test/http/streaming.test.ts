import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KyselyRunRepository } from '../../src/adapters/db/repositories/run-repository.ts';
import { startUpstreamSimulator, type UpstreamSimulator } from '../../tools/upstream-simulator/simulator-server.ts';
import { allProvidersAt } from '../support/all-providers.ts';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

interface ServerSentEvent {
  event: string;
  data: Record<string, unknown>;
}

function parseEvents(body: string): ServerSentEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? '';
      const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? '{}') as Record<string, unknown>;
      return { event, data };
    });
}

let sandbox: TestApp;
let sandboxKey: string;
let simulator: UpstreamSimulator;
let providers: TestApp;
let providersKey: string;

beforeAll(async () => {
  sandbox = await startTestApp({ databaseUrl: freshSqliteUrl() });
  sandboxKey = await sandbox.createKey('streamer');
  simulator = await startUpstreamSimulator();
  providers = await startTestApp({ databaseUrl: freshSqliteUrl(), env: allProvidersAt(simulator) });
  providersKey = await providers.createKey('streamer');
});
beforeEach(() => simulator.reset());
afterAll(async () => {
  await sandbox.close();
  await providers.close();
  await simulator.close();
});

function post(app: TestApp, key: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.app.inject({ method: 'POST', url: '/api/v1/agents/blog-gen', headers: { ...bearer(key), 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
}

describe('streamed runs — happy paths', () => {
  it('stream meta, deltas and done; done carries the same envelope as a JSON response, and the same run record', async () => {
    const streamed = await post(sandbox, sandboxKey, { prompt: 'Remote onboarding that works', stream: true });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(streamed.headers['x-model']).toBe('sandbox/deterministic');
    const events = parseEvents(streamed.body);
    expect(events[0]).toMatchObject({ event: 'meta', data: { agent: 'blog-gen', model: 'sandbox/deterministic', provider: 'sandbox', runId: expect.any(String) } });
    const deltas = events.filter((event) => event.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(events.at(-1)?.event).toBe('done');
    const done = events.at(-1)?.data as { data: Record<string, unknown>; meta: { runId: string } };
    // The streamed text is the model's JSON answer; the done event adds what the agent's tools compute.
    const streamedOutput = JSON.parse(deltas.map((delta) => delta.data.text).join('')) as Record<string, unknown>;
    expect(done.data.body).toBe(streamedOutput.body);

    const plain = await post(sandbox, sandboxKey, { prompt: 'Remote onboarding that works' });
    expect(done.data).toEqual(plain.json().data);
    const runs = new KyselyRunRepository(sandbox.container.database.db);
    const [streamedRun, plainRun] = await Promise.all([runs.findById(done.meta.runId), runs.findById(plain.json().meta.runId)]);
    expect(streamedRun).toMatchObject({ status: 'succeeded', agent: 'blog-gen', model: plainRun?.model, output: plainRun?.output, inputTokens: plainRun?.inputTokens, outputTokens: plainRun?.outputTokens });
  });

  it('stream when the client accepts only server-sent events', async () => {
    const response = await post(sandbox, sandboxKey, { prompt: 'x' }, { accept: 'text/event-stream' });
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(parseEvents(response.body).at(-1)?.event).toBe('done');
  });

  it('stream through a real provider adapter', async () => {
    const response = await post(providers, providersKey, { prompt: 'Pricing pages', stream: true, model: 'anthropic/claude-haiku-4-5' });
    const events = parseEvents(response.body);
    expect(events[0]?.data).toMatchObject({ model: 'anthropic/claude-haiku-4-5', provider: 'anthropic' });
    expect(events.at(-1)?.event).toBe('done');
  });
});

describe('streamed runs — errors', () => {
  it('answer refusals before the stream starts as ordinary JSON errors', async () => {
    const response = await sandbox.app.inject({ method: 'POST', url: '/api/v1/agents/nope', headers: { ...bearer(sandboxKey), 'content-type': 'application/json' }, payload: '{"prompt":"x","stream":true}' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('fail over when a stream is cut before its first token', async () => {
    const chain = (
      await providers.app.inject({ method: 'POST', url: '/api/router/route', headers: { ...bearer(providersKey), 'content-type': 'application/json' }, payload: JSON.stringify({ prompt: 'Cut streams', agent: 'blog-gen' }) })
    ).json().data.chain as { id: string }[];
    const first = chain[0]?.id ?? '';
    simulator.setFaults({ models: { [first.split('/').slice(1).join('/')]: { queue: [{ type: 'cut_stream', afterChunks: 0 }] } } });
    const response = await post(providers, providersKey, { prompt: 'Cut streams', stream: true });
    const events = parseEvents(response.body);
    expect(events[0]).toMatchObject({ event: 'meta', data: { model: chain[1]?.id } });
    const done = events.at(-1)?.data as { meta: { attempts: { model: string; outcome: string }[] } };
    expect(done.meta.attempts.map((attempt) => [attempt.model, attempt.outcome])).toEqual([
      [first, 'error'],
      [chain[1]?.id, 'ok'],
    ]);
  });

  it('end with an error event, and record a failed run, when a stream breaks after it started', async () => {
    const model = 'openai/gpt-5-mini';
    simulator.setFaults({ models: { 'gpt-5-mini': { queue: [{ type: 'cut_stream', afterChunks: 2 }] } } });
    const response = await post(providers, providersKey, { prompt: 'Broken stream', stream: true, model });
    const events = parseEvents(response.body);
    expect(events.map((event) => event.event)).toContain('delta');
    const last = events.at(-1);
    expect(last).toMatchObject({ event: 'error', data: { success: false, code: 'agent_failed', runId: expect.any(String) } });
    const run = await new KyselyRunRepository(providers.container.database.db).findById(String(last?.data.runId));
    expect(run).toMatchObject({ status: 'failed', errorCode: 'agent_failed', model });
  });
});

describe('streamed runs — security', () => {
  it('need a key before anything streams', async () => {
    const response = await post(sandbox, 'ak_live_invalid', { prompt: 'x', stream: true });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('event:');
  });
});
