import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ScriptedCircuitBreaker } from '../../../test/support/fake-circuit-breaker.ts';
import { UpstreamError, type GenerationRequest, type ModelGateway } from '../../ports/model-gateway.ts';
import { testModel } from '../../../test/support/test-models.ts';
import type { ModelDefinition } from './model-definition.ts';
import { runFailover, type FailoverRequest } from './failover.ts';

const chain = [testModel('openai/a', 'openai'), testModel('anthropic/b', 'anthropic'), testModel('google/c', 'google'), testModel('groq/d', 'groq')];
const good = { title: 'ok' };
type Reply = unknown | UpstreamError;

/** A gateway answering from a script per model id: each call takes the next reply (the last repeats). */
function scriptedGateway(script: Record<string, Reply[]>) {
  const calls: GenerationRequest[] = [];
  const gateway: ModelGateway = {
    configuredProviders: () => new Set(['openai', 'anthropic', 'google', 'groq']),
    async generate(request) {
      calls.push(request);
      const replies = script[`${request.provider}/${request.providerModelId}`] ?? [good];
      const reply = replies.length > 1 ? replies.shift() : replies[0];
      if (reply instanceof UpstreamError) throw reply;
      return { output: reply, text: JSON.stringify(reply), usage: { inputTokens: 10, outputTokens: 5 } };
    },
  };
  return { gateway, calls };
}

const failure = (status: number) => new UpstreamError(status === 429 ? 'rate_limited' : 'server_error', `status ${status}`, { status });
const request: FailoverRequest = {
  instructions: 'i',
  prompt: 'p',
  outputSchema: {},
  outputValidator: z.object({ title: z.string() }),
  attemptTimeoutMs: 1000,
  deadlineMs: 10_000,
};

function run(script: Record<string, Reply[]>, options: { breaker?: ScriptedCircuitBreaker; models?: ModelDefinition[]; request?: Partial<FailoverRequest> } = {}) {
  const { gateway, calls } = scriptedGateway(script);
  const breaker = options.breaker ?? new ScriptedCircuitBreaker();
  const pauses: number[] = [];
  const result = runFailover({ gateway, breaker, sleep: async (ms) => void pauses.push(ms), random: () => 0.5 }, options.models ?? chain, { ...request, ...options.request });
  return { result, calls, breaker, pauses };
}

describe('runFailover', () => {
  it('answers from model k+1 when the first k fail with 503, listing every failure', async () => {
    const { result, breaker } = run({ 'openai/a': [failure(503)], 'anthropic/b': [failure(503)] });
    const outcome = await result;
    expect(outcome).toMatchObject({ ok: true, model: { id: 'google/c' }, output: good });
    expect(outcome.attempts.map((attempt) => [attempt.model, attempt.outcome, attempt.status])).toEqual([
      ['openai/a', 'error', 503],
      ['anthropic/b', 'error', 503],
      ['google/c', 'ok', undefined],
    ]);
    expect(breaker.failures).toEqual(['openai/a', 'anthropic/b']);
    expect(breaker.successes).toEqual(['google/c']);
  });

  it('fails with every attempt when the whole chain fails', async () => {
    const models = Array.from({ length: 11 }, (_, index) => testModel(`openai/m${index}`, index % 2 ? 'openai' : 'groq'));
    const script = Object.fromEntries(models.map((entry) => [`${entry.provider}/${entry.providerModelId}`, [failure(500)]]));
    const outcome = await run(script, { models }).result;
    expect(outcome.ok).toBe(false);
    expect(outcome.attempts).toHaveLength(11);
  });

  it('stops at an error the request caused, without trying other models', async () => {
    const badRequest = new UpstreamError('bad_request', 'status 400', { status: 400 });
    const { result, calls } = run({ 'openai/a': [badRequest] });
    const outcome = await result;
    expect(outcome).toMatchObject({ ok: false, stoppedBy: { kind: 'bad_request' } });
    expect(calls).toHaveLength(1);
  });

  it('skips to a model with a larger context window after a context-length error', async () => {
    const models = [testModel('openai/small', 'openai', 8000), testModel('anthropic/same', 'anthropic', 8000), testModel('google/large', 'google', 1_000_000)];
    const tooLong = new UpstreamError('context_length', 'too long', { status: 400 });
    const outcome = await run({ 'openai/small': [tooLong] }, { models }).result;
    expect(outcome).toMatchObject({ ok: true, model: { id: 'google/large' }, skipped: [{ model: 'anthropic/same', reason: 'context_too_small' }] });
  });

  it('repairs output that fails its schema once on the same model, then moves on', async () => {
    const repaired = await run({ 'openai/a': [{ title: 42 }, good] }).result;
    expect(repaired).toMatchObject({ ok: true, model: { id: 'openai/a' } });
    expect(repaired.attempts.map((attempt) => attempt.repair ?? false)).toEqual([false, true]);

    const { result, calls } = run({ 'openai/a': [{ title: 42 }, { title: 43 }] });
    const outcome = await result;
    expect(outcome).toMatchObject({ ok: true, model: { id: 'anthropic/b' } });
    expect(calls[1]?.repair).toEqual({ previousText: '{"title":42}', problem: expect.stringContaining('title') });
    expect(calls[2]?.repair).toBeUndefined();
  });

  it('skips models with an open circuit, and tries them all when every one is open', async () => {
    const breaker = new ScriptedCircuitBreaker();
    breaker.open.add('openai/a');
    const skipping = await run({}, { breaker }).result;
    expect(skipping).toMatchObject({ ok: true, model: { id: 'anthropic/b' }, skipped: [{ model: 'openai/a', reason: 'circuit_open' }] });

    for (const entry of chain) breaker.open.add(entry.id);
    const allOpen = await run({}, { breaker }).result;
    expect(allOpen).toMatchObject({ ok: true, model: { id: 'openai/a' }, skipped: [] });
  });

  it('gives up when the deadline passes', async () => {
    let clockMs = 0;
    const slow: ModelGateway = {
      configuredProviders: () => new Set(),
      generate: async () => {
        clockMs += 30;
        throw failure(503);
      },
    };
    const dependencies = { gateway: slow, breaker: new ScriptedCircuitBreaker(), sleep: async () => undefined, monotonicNow: () => clockMs };
    const outcome = await runFailover(dependencies, chain, { ...request, deadlineMs: 45 });
    expect(outcome.ok).toBe(false);
    expect(outcome.attempts.length).toBeLessThan(chain.length);
    expect(outcome.skipped.at(-1)).toMatchObject({ reason: 'deadline' });
  });

  it('pauses, jittered, only before trying an overloaded provider again', async () => {
    const models = [testModel('openai/a', 'openai'), testModel('openai/b', 'openai'), testModel('groq/c', 'groq')];
    const { result, pauses } = run({ 'openai/a': [failure(429)], 'openai/b': [failure(503)] }, { models });
    await result;
    expect(pauses).toEqual([200]);
  });

  it('never splices another model onto a stream that already started', async () => {
    const deltas: string[] = [];
    const gateway: ModelGateway = {
      configuredProviders: () => new Set(),
      async generate(call) {
        call.onDelta?.('{"title":');
        throw new UpstreamError('network', 'reset');
      },
    };
    const outcome = await runFailover({ gateway, breaker: new ScriptedCircuitBreaker(), sleep: async () => undefined }, chain, {
      ...request,
      onDelta: (_model, text) => deltas.push(text),
    });
    expect(outcome).toMatchObject({ ok: false, stoppedBy: { kind: 'interrupted' } });
    expect(outcome.attempts).toHaveLength(1);
    expect(deltas).toEqual(['{"title":']);
  });
});
