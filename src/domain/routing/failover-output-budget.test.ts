import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ScriptedCircuitBreaker } from '../../../test/support/fake-circuit-breaker.ts';
import type { GenerationRequest, ModelGateway } from '../../ports/model-gateway.ts';
import { testModel } from '../../../test/support/test-models.ts';
import { runFailover, runOutputBudget, type FailoverRequest, type OutputSettlement } from './failover.ts';


/** The 11-model chain a run fails over along. */
const chain = Array.from({ length: 11 }, (_, index) => testModel(`openai/m${index}`, 'openai'));

/** A gateway that answers every call with the same output, counting calls. */
function answering(output: unknown) {
  const calls: GenerationRequest[] = [];
  const gateway: ModelGateway = {
    configuredProviders: () => new Set(['openai']),
    async generate(request) {
      calls.push(request);
      return { output, text: JSON.stringify(output), usage: { inputTokens: 10, outputTokens: 5 } };
    },
  };
  return { gateway, calls };
}

const validator = z.object({ slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), emails: z.array(z.number()) });

/** Settles like an agent would: slugs made by code, and a promise of exactly four emails. */
function settle(output: unknown): OutputSettlement {
  const answer = output as { slug: string; emails: number[] };
  const slug = answer.slug.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const repaired = slug === answer.slug ? [] : [`slug: made "${slug}"`];
  const checked = validator.safeParse({ ...answer, slug });
  if (!checked.success) return { ok: false, problems: ['emails: expected numbers'], repaired };
  const unmet = answer.emails.length === 4 ? [] : [`emails: must have exactly 4 items, has ${answer.emails.length}`];
  return { ok: true, output: checked.data, repaired, unmet };
}

function request(extra: Partial<FailoverRequest> = {}): FailoverRequest {
  return { instructions: 'i', prompt: 'p', outputSchema: {}, outputValidator: validator, settle, attemptTimeoutMs: 1000, deadlineMs: 10_000, ...extra };
}

const dependencies = (gateway: ModelGateway) => ({ gateway, breaker: new ScriptedCircuitBreaker(), sleep: async () => undefined });

describe('runFailover with an output budget', () => {
  it('mends a slug that misses its pattern by code: one call, the repair reported', async () => {
    const { gateway, calls } = answering({ slug: 'My Post: Part 2', emails: [0, 2, 4, 7] });
    const result = await runFailover(dependencies(gateway), chain, request());
    expect(calls).toHaveLength(1);
    expect(result).toMatchObject({ ok: true, output: { slug: 'my-post-part-2' } });
    expect(result.attempts).toEqual([expect.objectContaining({ outcome: 'ok', repaired: ['slug: made "my-post-part-2"'] })]);
  });

  it('stops after three unusable answers in the run, with one repair among them, instead of two calls per model', async () => {
    const { gateway, calls } = answering({ slug: 'ok', emails: 'none' });
    const result = await runFailover(dependencies(gateway), chain, request());
    expect(calls).toHaveLength(3);
    expect(calls.filter((call) => call.repair)).toHaveLength(1);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.stoppedBy?.kind).toBe('invalid_output');
    expect(result.attempts.map((attempt) => [attempt.model, attempt.error, attempt.repair ?? false])).toEqual([
      ['openai/m0', 'invalid_output', false],
      ['openai/m0', 'invalid_output', true],
      ['openai/m1', 'invalid_output', false],
    ]);
  });

  it('keeps the budget across the chains of one run: a second chain gets what the first left', async () => {
    const budget = runOutputBudget();
    const { gateway, calls } = answering({ slug: 'ok', emails: 'none' });
    await runFailover(dependencies(gateway), chain.slice(0, 1), request({ budget }));
    await runFailover(dependencies(gateway), chain.slice(1), request({ budget }));
    expect(calls).toHaveLength(3);
    expect(budget).toEqual({ repairsLeft: 0, invalidLeft: 0 });
  });

  it('asks once for a promise the answer breaks, then keeps the answer with what it breaks: no other model is tried', async () => {
    const { gateway, calls } = answering({ slug: 'ok', emails: [0, 3, 6] });
    const result = await runFailover(dependencies(gateway), chain, request());
    expect(calls).toHaveLength(2);
    expect(result).toMatchObject({ ok: true, model: { id: 'openai/m0' }, output: { emails: [0, 3, 6] } });
    expect(result.attempts).toEqual([
      expect.objectContaining({ model: 'openai/m0', outcome: 'ok', unmet: ['emails: must have exactly 4 items, has 3'] }),
      expect.objectContaining({ model: 'openai/m0', outcome: 'error', repair: true, problems: ['emails: must have exactly 4 items, has 3'] }),
    ]);
    expect(result.attempts[0]?.error).toBeUndefined();
  });

  it('keeps an answer breaking a promise at once when the run has no repair left', async () => {
    const { gateway, calls } = answering({ slug: 'ok', emails: [0, 3, 6] });
    const result = await runFailover(dependencies(gateway), chain, request({ budget: { repairsLeft: 0, invalidLeft: 3 } }));
    expect(calls).toHaveLength(1);
    expect(result.ok).toBe(true);
  });

  it('asks for the repair with what was wrong, promises included', async () => {
    const { gateway, calls } = answering({ slug: 'ok', emails: [1] });
    await runFailover(dependencies(gateway), chain, request());
    expect(calls[1]?.repair?.problem).toContain('emails: must have exactly 4 items, has 1');
  });
});
