import OpenAI, { BadRequestError, InternalServerError, NotFoundError, RateLimitError } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { simulatedVector } from '../../tools/upstream-simulator/embeddings.ts';
import { startUpstreamSimulator, type UpstreamSimulator } from '../../tools/upstream-simulator/simulator-server.ts';
import { allProvidersAt } from '../support/all-providers.ts';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';
import { plansWithApiPlan } from '../support/plans-file.ts';
import { listeningOpenAiClient } from '../support/openai-test-client.ts';

/**
 * POST /v1/embeddings on configured providers (OpenAI and Google at the local upstream simulator; Mistral
 * left unconfigured), driven by OpenAI's own client through the real adapters.
 */
let simulator: UpstreamSimulator;
let testApp: TestApp;
let baseURL: string;
let key: string;
let client: OpenAI;

beforeAll(async () => {
  simulator = await startUpstreamSimulator();
  const { MISTRAL_API_KEY: _key, MISTRAL_BASE_URL: _url, ...providers } = allProvidersAt(simulator);
  testApp = await startTestApp({
    databaseUrl: freshSqliteUrl(),
    env: { ...providers, PLANS_FILE: plansWithApiPlan('tiny', 'Tiny', 1), SAFETY_CRITIC: 'rubric', SAFETY_JUDGE: 'off', UPSTREAM_TIMEOUT_MS: '10000', UPSTREAM_DEADLINE_MS: '20000' },
  });
  ({ client, baseURL, key } = await listeningOpenAiClient(testApp, 'embeddings-client'));
});
beforeEach(() => simulator.reset());
afterAll(async () => {
  await testApp.close();
  await simulator.close();
});

async function storedRun(runId: string) {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/runs/${runId}`, headers: bearer(key) });
  expect(response.statusCode).toBe(200);
  return response.json().data as Record<string, unknown>;
}

function expectClose(actual: readonly number[] | undefined, expected: readonly number[]): void {
  expect(actual).toHaveLength(expected.length);
  actual?.forEach((value, index) => expect(value).toBeCloseTo(expected[index] ?? Number.NaN, 6));
}

describe('POST /v1/embeddings on a provider', () => {
  it('embeds one text with the model named by its bare id, as floats, and records the run with its tokens and cost', async () => {
    const { data: list, response } = await client.embeddings.create({ model: 'text-embedding-3-small', input: 'sourdough needs a long proof', encoding_format: 'float' }).withResponse();
    expect(list).toMatchObject({ object: 'list', model: 'openai/text-embedding-3-small', data: [{ object: 'embedding', index: 0 }] });
    expect(list.data[0]?.embedding).toEqual(simulatedVector('sourdough needs a long proof', 1536));
    expect(list.usage.prompt_tokens).toBeGreaterThan(0);
    expect(list.usage.total_tokens).toBe(list.usage.prompt_tokens);
    const calls = simulator.requests();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ provider: 'openai', model: 'text-embedding-3-small', path: '/openai/v1/embeddings', outcome: 'answered' });
    const runId = response.headers.get('x-run-id') ?? '';
    expect(response.headers.get('x-model')).toBe('openai/text-embedding-3-small');
    expect(await storedRun(runId)).toMatchObject({ agent: 'embeddings', status: 'done', model: 'openai/text-embedding-3-small' });
    const analytics = await testApp.app.inject({ method: 'GET', url: '/api/analytics', headers: bearer(key) });
    expect(analytics.json().data.totals).toMatchObject({ requests: 1, succeeded: 1, inputTokens: list.usage.prompt_tokens, outputTokens: 0 });
  });

  it('embeds a batch in order; the client’s default base64 encoding decodes to the same vectors', async () => {
    const input = ['first text', 'second text', 'third text'];
    const list = await client.embeddings.create({ model: 'openai/text-embedding-3-small', input });
    expect(list.data.map((item) => item.index)).toEqual([0, 1, 2]);
    input.forEach((text, index) => expectClose(list.data[index]?.embedding, simulatedVector(text, 1536)));
    expect(simulator.requests()).toHaveLength(1);
  });

  it('sends base64 as OpenAI encodes it: little-endian float32 bytes', async () => {
    const response = await fetch(`${baseURL}/embeddings`, {
      method: 'POST',
      headers: { ...bearer(key), 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'text-embedding-3-small', input: 'bytes please', encoding_format: 'base64' }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { embedding: string }[] };
    const bytes = Buffer.from(body.data[0]?.embedding ?? '', 'base64');
    const decoded = Array.from({ length: bytes.length / 4 }, (_, index) => bytes.readFloatLE(index * 4));
    expectClose(decoded, simulatedVector('bytes please', 1536));
  });

  it('passes dimensions on to a model that allows them, and refuses a length the model cannot give', async () => {
    const short = await client.embeddings.create({ model: 'text-embedding-3-large', input: 'short vector', dimensions: 256, encoding_format: 'float' });
    expect(short.data[0]?.embedding).toHaveLength(256);
    expect((simulator.requests()[0]?.body as Record<string, unknown>).dimensions).toBe(256);
    const gemini = await client.embeddings.create({ model: 'gemini-embedding-001', input: ['one', 'two'], dimensions: 768, encoding_format: 'float' });
    expect(gemini.model).toBe('google/gemini-embedding-001');
    expect(gemini.data.map((item) => item.embedding.length)).toEqual([768, 768]);
    expect(gemini.data[1]?.embedding).toEqual(simulatedVector('two', 768));
    expect(gemini.usage.prompt_tokens).toBeGreaterThan(0);
    expect(simulator.requests({ provider: 'google' })[0]?.path).toBe('/google/v1beta/models/gemini-embedding-001:batchEmbedContents');
    simulator.reset();
    const tooShort = await client.embeddings.create({ model: 'gemini-embedding-001', input: 'x', dimensions: 64 }).catch((caught: unknown) => caught);
    expect(tooShort).toBeInstanceOf(BadRequestError);
    expect((tooShort as BadRequestError).error).toMatchObject({ param: 'dimensions', code: 'invalid_request' });
    expect(simulator.requests()).toHaveLength(0);
  });

  it('answers an unknown model 404 (NotFoundError), a chat model 400, token arrays 400', async () => {
    const unknown = await client.embeddings.create({ model: 'text-embedding-9', input: 'x' }).catch((caught: unknown) => caught);
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect((unknown as NotFoundError).error).toMatchObject({ code: 'model_not_found', param: 'model' });
    const chat = await client.embeddings.create({ model: 'openai/gpt-4.1-mini', input: 'x' }).catch((caught: unknown) => caught);
    expect(chat).toBeInstanceOf(BadRequestError);
    expect((chat as BadRequestError).error).toMatchObject({ code: 'model_not_supported', param: 'model' });
    expect((chat as BadRequestError).message).toContain('openai/text-embedding-3-small');
    const tokens = await client.embeddings.create({ model: 'text-embedding-3-small', input: [[1, 2, 3]] }).catch((caught: unknown) => caught);
    expect(tokens).toBeInstanceOf(BadRequestError);
    expect((tokens as BadRequestError).error).toMatchObject({ code: 'unsupported_parameter', param: 'input' });
    expect(simulator.requests()).toHaveLength(0);
  });

  it('refuses a model whose provider is not configured with 400 naming the provider and the models that would answer', async () => {
    const error = await client.embeddings.create({ model: 'mistral-embed', input: 'bonjour' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).error).toMatchObject({ param: 'model', code: 'invalid_request' });
    expect((error as BadRequestError).message).toContain('its provider (mistral) is not configured on this service (MISTRAL_API_KEY is not set)');
    expect((error as BadRequestError).message).toContain('openai/text-embedding-3-small');
    expect(simulator.requests()).toHaveLength(0);
  });

  it('refuses too many texts with 400 and too much text with 413, before any call', async () => {
    const many = await client.embeddings.create({ model: 'text-embedding-3-small', input: Array.from({ length: 257 }, (_, index) => `text ${index}`) }).catch((caught: unknown) => caught);
    expect(many).toBeInstanceOf(BadRequestError);
    expect((many as BadRequestError).message).toContain('at most 256 texts');
    const long = await client.embeddings.create({ model: 'text-embedding-3-small', input: ['a '.repeat(40_000), 'b '.repeat(40_000)] }).catch((caught: unknown) => caught);
    expect((long as { status: number }).status).toBe(413);
    expect(simulator.requests()).toHaveLength(0);
  });

  it('redacts a card number before the text leaves the service (the PII layer screens embedded text)', async () => {
    await client.embeddings.create({ model: 'text-embedding-3-small', input: 'pay with 4111 1111 1111 1111 tomorrow' });
    const sent = JSON.stringify(simulator.requests()[0]?.body);
    expect(sent).not.toContain('4111 1111 1111 1111');
    expect(sent).toContain('tomorrow');
  });

  it('answers 502 when the provider fails, and records the run as failed', async () => {
    simulator.setFaults({ models: { 'text-embedding-3-small': { failureRate: 1, failWith: { type: 'http', status: 503 } } } });
    const error = await client.embeddings.create({ model: 'text-embedding-3-small', input: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).status).toBe(502);
    const { code, runId } = (error as InternalServerError).error as { code: string; runId: string };
    expect(code).toBe('upstream_unavailable');
    expect(await storedRun(runId)).toMatchObject({ agent: 'embeddings', status: 'failed' });
  });

  it('counts one unit of the /api plan per request: 429 with the limit headers once the day is spent (RateLimitError)', async () => {
    const tiny = new OpenAI({ apiKey: await testApp.createKey('tiny-embeddings', { apiPlan: 'tiny' }), baseURL, maxRetries: 0 });
    const first = await tiny.embeddings.create({ model: 'text-embedding-3-small', input: ['one', 'two', 'three'] }).withResponse();
    expect(first.response.headers.get('x-ratelimit-remaining')).toBe('0');
    const error = await tiny.embeddings.create({ model: 'text-embedding-3-small', input: 'again' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    const { headers } = error as RateLimitError;
    expect(Number(headers.get('retry-after'))).toBeGreaterThan(0);
    expect(headers.get('x-ratelimit-limit')).toBe('1');
    expect((error as RateLimitError).error).toMatchObject({ code: 'rate_limit_exceeded', usage: { used: 1, limit: 1, plan: 'tiny' } });
    expect(simulator.requests()).toHaveLength(1);
  });

  it('lists the embedding models on GET /v1/models and retrieves one', async () => {
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(expect.arrayContaining(['openai/text-embedding-3-small', 'openai/text-embedding-3-large', 'google/gemini-embedding-001', 'mistral/mistral-embed']));
    expect(await client.models.retrieve('openai/text-embedding-3-large')).toMatchObject({ id: 'openai/text-embedding-3-large', owned_by: 'openai' });
  });
});
