import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { simulatedVector } from '../../../tools/upstream-simulator/embeddings.ts';
import { startUpstreamSimulator, type UpstreamSimulator } from '../../../tools/upstream-simulator/simulator-server.ts';
import type { ProviderSettingsByName } from '../../config/app-config.ts';
import { UpstreamError, type EmbeddingRequest } from '../../ports/model-gateway.ts';
import { AiSdkModelGateway } from './ai-sdk-model-gateway.ts';
import { sandboxVector } from './sandbox/sandbox-embedding-model.ts';

/** The gateway's embed, through the real adapters and the AI SDK's embedMany, against the upstream simulator. */
let simulator: UpstreamSimulator;
let gateway: AiSdkModelGateway;

beforeAll(async () => {
  simulator = await startUpstreamSimulator();
  const { baseUrls } = simulator;
  const settings: ProviderSettingsByName = {
    openai: { apiKey: 'sk-simulated', baseUrl: baseUrls.openai },
    anthropic: { apiKey: 'sk-ant-simulated', baseUrl: baseUrls.anthropic },
    google: { apiKey: 'simulated-google-key', baseUrl: baseUrls.google },
    groq: {},
    mistral: { apiKey: 'simulated-mistral-key', baseUrl: baseUrls.mistral },
    nvidia: {},
    ollama: {},
  };
  gateway = await AiSdkModelGateway.create(settings);
});
beforeEach(() => simulator.reset());
afterAll(async () => simulator.close());

function embedRequest(provider: string, model: string, values: string[], extra: Partial<EmbeddingRequest> = {}): EmbeddingRequest {
  return { provider, providerModelId: model, values, timeoutMs: 5_000, ...extra };
}

async function failure(request: EmbeddingRequest): Promise<UpstreamError> {
  const error = await gateway.embed(request).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe('AiSdkModelGateway.embed', () => {
  it.each([
    { provider: 'openai', model: 'text-embedding-3-small', path: '/openai/v1/embeddings', length: 1536, counted: true },
    { provider: 'mistral', model: 'mistral-embed', path: '/mistral/v1/embeddings', length: 1024, counted: true },
    { provider: 'google', model: 'gemini-embedding-001', path: '/google/v1beta/models/gemini-embedding-001:batchEmbedContents', length: 3072, counted: false },
  ])('embeds a batch with $provider at its own endpoint, one vector per text in order', async ({ provider, model, path, length, counted }) => {
    const result = await gateway.embed(embedRequest(provider, model, ['alpha', 'beta']));
    expect(result.embeddings).toHaveLength(2);
    expect(result.embeddings[1]).toEqual(simulatedVector('beta', length));
    expect(result.inputTokens).toBeGreaterThan(0);
    // Gemini reports no usage: the gateway estimates it, and says so.
    expect(result.tokensEstimated).toBe(!counted);
    expect(simulator.requests()).toMatchObject([{ provider, path, outcome: 'answered' }]);
  });

  it('uses Gemini’s single endpoint for one text and passes the asked length as outputDimensionality', async () => {
    const result = await gateway.embed(embedRequest('google', 'gemini-embedding-001', ['solo'], { dimensions: 256 }));
    expect(result.embeddings[0]).toEqual(simulatedVector('solo', 256));
    const [call] = simulator.requests();
    expect(call?.path).toBe('/google/v1beta/models/gemini-embedding-001:embedContent');
    expect((call?.body as Record<string, unknown>).outputDimensionality).toBe(256);
  });

  it('passes dimensions to OpenAI and refuses vectors of another length than asked', async () => {
    const result = await gateway.embed(embedRequest('openai', 'text-embedding-3-large', ['short'], { dimensions: 64 }));
    expect(result.embeddings[0]).toHaveLength(64);
    expect((simulator.requests()[0]?.body as Record<string, unknown>).dimensions).toBe(64);
    // Mistral's simulator honours output_dimension too; a provider that ignored it would answer 1024.
    const mistral = await gateway.embed(embedRequest('mistral', 'mistral-embed', ['x'], { dimensions: 8 }));
    expect(mistral.embeddings[0]).toHaveLength(8);
  });

  it('classifies failures as generation’s are: a refused key, an overloaded provider, a refused request', async () => {
    simulator.setFaults({ models: { 'text-embedding-3-small': { failureRate: 1, failWith: { type: 'http', status: 401 } } } });
    expect((await failure(embedRequest('openai', 'text-embedding-3-small', ['x']))).kind).toBe('authentication');
    simulator.setFaults({ models: { 'text-embedding-3-small': { failureRate: 1, failWith: { type: 'http', status: 503 } } } });
    expect((await failure(embedRequest('openai', 'text-embedding-3-small', ['x']))).kind).toBe('server_error');
    simulator.setFaults({ models: { 'mistral-embed': { failureRate: 1, failWith: { type: 'http', status: 400 } } } });
    expect((await failure(embedRequest('mistral', 'mistral-embed', ['x']))).kind).toBe('bad_request');
  });

  it('gives up at its timeout on a provider that does not answer', async () => {
    simulator.setFaults({ models: { 'text-embedding-3-small': { failureRate: 1, failWith: { type: 'hang' } } } });
    const started = Date.now();
    expect((await failure(embedRequest('openai', 'text-embedding-3-small', ['x'], { timeoutMs: 200 }))).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refuses a provider that is not configured, and one that has no embedding models', async () => {
    expect((await failure(embedRequest('groq', 'any', ['x']))).kind).toBe('authentication');
    expect((await failure(embedRequest('anthropic', 'claude', ['x']))).kind).toBe('bad_request');
    expect(simulator.requests()).toHaveLength(0);
  });

  it('answers with the sandbox’s deterministic vectors, of the asked length, their tokens estimated', async () => {
    const result = await gateway.embed(embedRequest('sandbox', 'embedding', ['red apple pie', 'red apple pie'], { dimensions: 32 }));
    expect(result.embeddings[0]).toEqual(sandboxVector('red apple pie', 32));
    expect(result.embeddings[0]).toEqual(result.embeddings[1]);
    expect(result.tokensEstimated).toBe(true);
  });
});

describe('sandbox vectors', () => {
  const cosine = (a: number[], b: number[]) => a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);

  it('have length 1 and point the same way for texts that share words', () => {
    const pie = sandboxVector('Red apple pie', 1536);
    expect(Math.hypot(...pie)).toBeCloseTo(1, 10);
    expect(cosine(pie, sandboxVector('apple pie recipe', 1536))).toBeGreaterThan(cosine(pie, sandboxVector('quantum computing lecture', 1536)));
    expect(Math.hypot(...sandboxVector('!!!', 8))).toBeCloseTo(1, 10);
  });
});
