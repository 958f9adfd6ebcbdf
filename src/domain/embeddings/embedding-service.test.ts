import { describe, expect, it } from 'vitest';
import { InMemoryRunRepository } from '../../../test/support/in-memory-repositories.ts';
import { testSafetyPipeline } from '../../../test/support/safety-fixtures.ts';
import { UpstreamError, type EmbeddingGateway, type EmbeddingRequest } from '../../ports/model-gateway.ts';
import type { QuotaSettlement } from '../../ports/quota-ledger.ts';
import { AppError } from '../errors.ts';
import type { UsageMeter, UsageSnapshot } from '../quotas/usage-meter.ts';
import type { AccountRunContext } from '../runs/run-context.ts';
import type { EmbeddingModelDefinition } from '../routing/embedding-model-definition.ts';
import { EmbeddingService } from './embedding-service.ts';

const small: EmbeddingModelDefinition = { id: 'openai/text-embedding-3-small', provider: 'openai', providerModelId: 'text-embedding-3-small', name: 'small', dimensions: 1536, minDimensions: 1, maxInputTokens: 8191, pricing: { inputPerMillionUsd: 0.02 } };
const mistral: EmbeddingModelDefinition = { id: 'mistral/mistral-embed', provider: 'mistral', providerModelId: 'mistral-embed', name: 'mistral', dimensions: 1024, maxInputTokens: 8192, pricing: { inputPerMillionUsd: 0.1 } };
const sandbox: EmbeddingModelDefinition = { id: 'sandbox/embedding', provider: 'sandbox', providerModelId: 'embedding', name: 'sandbox', dimensions: 1536, minDimensions: 1, maxInputTokens: 8191, pricing: { inputPerMillionUsd: 0 } };
const snapshot: UsageSnapshot = { plan: 'starter', limit: 10, used: 1, remaining: 9, resetAt: new Date(0), windowSeconds: 86_400 };

/** A meter that settles by the record, and what happened to its unit. */
function settlingMeter() {
  const events: string[] = [];
  const meter: UsageMeter = {
    countsFailuresFrom: 'answered',
    async reserve() {
      events.push('reserve');
      return {
        snapshot,
        release: async () => void events.push('release'),
        settle: (keptUnits: number) => {
          events.push(`settle ${keptUnits}`);
          return { keptUnits } as unknown as QuotaSettlement;
        },
      };
    },
    snapshot: async () => snapshot,
  };
  return { meter, events };
}

function world(options: { configured?: string[]; embed?: (request: EmbeddingRequest) => Promise<{ embeddings: number[][]; inputTokens: number; tokensEstimated: boolean }>; insertFails?: boolean } = {}) {
  const calls: EmbeddingRequest[] = [];
  const gateway: EmbeddingGateway = {
    configuredProviders: () => new Set(options.configured ?? ['openai', 'sandbox']),
    async embed(request) {
      calls.push(request);
      if (options.embed) return options.embed(request);
      return { embeddings: request.values.map(() => Array.from({ length: request.dimensions ?? 1536 }, () => 0.5)), inputTokens: 1_000, tokensEstimated: false };
    },
  };
  const runs = new InMemoryRunRepository();
  if (options.insertFails) runs.insert = async () => Promise.reject(new Error('database down'));
  const service = new EmbeddingService({
    registry: { embeddingModels: () => [small, mistral, sandbox] },
    gateway,
    safety: testSafetyPipeline(),
    runs,
    clock: { now: () => new Date('2026-11-26T12:00:00Z') },
    options: { timeoutMs: 1_000 },
  });
  const { meter, events } = settlingMeter();
  const context = { account: { id: 'acct', apiPlan: 'starter', v1Plan: 'free', createdAt: '' }, surface: 'api', planId: 'starter', plan: undefined, planPolicy: undefined, meter, clock: { now: () => new Date() } } as AccountRunContext;
  return { service, calls, runs, events, context };
}

describe('EmbeddingService', () => {
  it('embeds, records a run of agent `embeddings` with its tokens and cost, and keeps the unit in that record', async () => {
    const { service, runs, events, context, calls } = world();
    const result = await service.embed({ context, requestId: 'req', model: small, inputs: ['a', 'b'] });
    expect(result).toMatchObject({ model: { id: small.id }, inputTokens: 1_000, costUsd: 0.00002, quota: snapshot });
    expect(calls[0]).toMatchObject({ provider: 'openai', providerModelId: 'text-embedding-3-small', values: ['a', 'b'], timeoutMs: 1_000, dimensions: undefined });
    expect(runs.runs).toMatchObject([{ id: result.runId, agent: 'embeddings', surface: 'api', status: 'succeeded', model: small.id, inputTokens: 1_000, outputTokens: 0, costUsd: 0.00002, quota: { keptUnits: 1 } }]);
    expect(events).toEqual(['reserve', 'settle 1']);
  });

  it('refuses a type of PII the policy blocks before any call, records the run as blocked and keeps no unit', async () => {
    const { runs, events, context } = world();
    let called = 0;
    const blocking = new EmbeddingService({
      registry: { embeddingModels: () => [small, sandbox] },
      gateway: {
        configuredProviders: () => new Set(['openai']),
        embed: async () => {
          called += 1;
          return { embeddings: [], inputTokens: 0, tokensEstimated: false };
        },
      },
      safety: testSafetyPipeline(),
      runs,
      clock: { now: () => new Date() },
      options: { timeoutMs: 1_000, piiPolicy: { pii: { card: 'block' }, qualityThreshold: 0.5 } },
    });
    const error = await blocking.embed({ context, requestId: 'req', model: small, inputs: ['card 4111 1111 1111 1111'] }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'safety_blocked' });
    expect(runs.runs).toMatchObject([{ status: 'blocked', errorCode: 'safety_blocked', quota: { keptUnits: 0 } }]);
    expect(events).toEqual(['reserve', 'settle 0']);
    expect(called).toBe(0);
  });

  it('records a failed call and gives the unit back on a paid plan; a refused input is 400, anything else 502', async () => {
    const overloaded = world({ embed: async () => Promise.reject(new UpstreamError('server_error', 'the provider is overloaded', { status: 503 })) });
    const error = await overloaded.service.embed({ context: overloaded.context, requestId: 'req', model: small, inputs: ['x'] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'upstream_unavailable', retryAfterSeconds: 5 });
    expect(overloaded.runs.runs).toMatchObject([{ status: 'failed', errorCode: 'upstream_unavailable', quota: { keptUnits: 0 } }]);
    const refused = world({ embed: async () => Promise.reject(new UpstreamError('context_length', 'too long', { status: 400 })) });
    await expect(refused.service.embed({ context: refused.context, requestId: 'req', model: small, inputs: ['x'] })).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('gives the unit back when the run cannot be recorded', async () => {
    const { service, events, context } = world({ insertFails: true });
    await expect(service.embed({ context, requestId: 'req', model: small, inputs: ['x'] })).rejects.toThrow('database down');
    expect(events).toEqual(['reserve', 'settle 1', 'release']);
  });

  it('answers with the sandbox, at the asked model’s length, when no provider is configured', async () => {
    const { service, calls, context } = world({ configured: ['sandbox'] });
    const result = await service.embed({ context, requestId: 'req', model: mistral, inputs: ['x'] });
    expect(result.model.id).toBe('sandbox/embedding');
    expect(calls[0]).toMatchObject({ provider: 'sandbox', dimensions: 1024 });
  });

  it('refuses, before counting anything, a model whose provider is not configured, and what is past the bounds', async () => {
    const { service, events, context } = world();
    await expect(service.embed({ context, requestId: 'req', model: mistral, inputs: ['x'] })).rejects.toThrow(/its provider \(mistral\) is not configured on this service; embedding models available: openai\/text-embedding-3-small/);
    await expect(service.embed({ context, requestId: 'req', model: mistral, inputs: ['x'], dimensions: 512 })).rejects.toThrow(/returns vectors of 1024 dimensions only/);
    await expect(service.embed({ context, requestId: 'req', model: small, inputs: ['x'], dimensions: 2000 })).rejects.toThrow(/between 1 and 1536/);
    await expect(service.embed({ context, requestId: 'req', model: small, inputs: ['ok', '  '] })).rejects.toThrow(/input.1: an empty text/);
    await expect(service.embed({ context, requestId: 'req', model: small, inputs: Array.from({ length: 257 }, () => 'x') })).rejects.toThrow(/at most 256 texts/);
    await expect(service.embed({ context, requestId: 'req', model: small, inputs: ['x'.repeat(131_073)] })).rejects.toMatchObject({ code: 'payload_too_large' });
    expect(events).toEqual([]);
  });
});
