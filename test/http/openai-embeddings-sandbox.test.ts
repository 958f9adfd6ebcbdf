import type OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';
import { listeningOpenAiClient } from '../support/openai-test-client.ts';

/** POST /v1/embeddings without any provider key: the sandbox answers, and says so in `model`. */
let testApp: TestApp;
let key: string;
let client: OpenAI;

beforeAll(async () => {
  testApp = await startTestApp({ databaseUrl: freshSqliteUrl() });
  ({ client, key } = await listeningOpenAiClient(testApp, 'sandbox-embeddings'));
});
afterAll(async () => testApp.close());

const cosine = (a: number[], b: number[]) => a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);

describe('POST /v1/embeddings on the sandbox', () => {
  it('answers any embedding model with deterministic sandbox vectors of that model’s length, labelled sandbox/embedding', async () => {
    const { data: list, response } = await client.embeddings.create({ model: 'text-embedding-3-small', input: ['red apple pie', 'apple pie recipe', 'quantum computing lecture'] }).withResponse();
    expect(list.model).toBe('sandbox/embedding');
    expect(response.headers.get('x-model')).toBe('sandbox/embedding');
    expect(list.data.map((item) => item.embedding.length)).toEqual([1536, 1536, 1536]);
    const [pie, recipe, lecture] = list.data.map((item) => item.embedding) as [number[], number[], number[]];
    expect(cosine(pie, recipe)).toBeGreaterThan(cosine(pie, lecture));
    const again = await client.embeddings.create({ model: 'text-embedding-3-small', input: 'red apple pie' });
    again.data[0]?.embedding.forEach((value, index) => expect(value).toBeCloseTo(pie[index] ?? Number.NaN, 6));
    expect(list.usage.prompt_tokens).toBeGreaterThan(0);

    const gemini = await client.embeddings.create({ model: 'google/gemini-embedding-001', input: 'x', dimensions: 256 });
    expect(gemini).toMatchObject({ model: 'sandbox/embedding' });
    expect(gemini.data[0]?.embedding).toHaveLength(256);
    const run = await testApp.app.inject({ method: 'GET', url: `/api/runs/${response.headers.get('x-run-id')}`, headers: bearer(key) });
    expect(run.json().data).toMatchObject({ agent: 'embeddings', model: 'sandbox/embedding', status: 'done' });
  });
});
