import { describe, expect, it } from 'vitest';
import { ScriptedCircuitBreaker } from '../../../test/support/fake-circuit-breaker.ts';
import { AppError } from '../errors.ts';
import { spreadAcrossProviders } from './chain-order.ts';
import { buildModelRegistry } from './model-registry.ts';
import { ModelRouter } from './model-router.ts';

const entry = (id: string, provider: string, quality: string, speed: string, price: number, suitedFor: string[], contextWindow = 128_000) => ({
  id,
  provider,
  providerModelId: id.split('/').slice(1).join('/'),
  name: id,
  contextWindow,
  maxOutputTokens: 8192,
  pricing: { inputPerMillionUsd: price, outputPerMillionUsd: price * 4 },
  capabilities: ['structured_output'],
  quality,
  speed,
  suitedFor,
});

const registry = buildModelRegistry(
  {
    models: [
      entry('openai/frontier', 'openai', 'frontier', 'medium', 5, ['writing', 'reasoning', 'code']),
      entry('openai/cheap', 'openai', 'standard', 'fast', 0.1, ['writing', 'classification']),
      entry('anthropic/high', 'anthropic', 'high', 'fast', 1, ['writing', 'code']),
      entry('groq/fast', 'groq', 'standard', 'fast', 0.05, ['classification']),
      entry('google/long', 'google', 'high', 'medium', 1, ['research'], 2_000_000),
      entry('mistral/unconfigured', 'mistral', 'frontier', 'fast', 0.01, ['writing']),
      entry('sandbox/deterministic', 'sandbox', 'basic', 'fast', 0, ['writing']),
    ],
  },
  'models.yaml',
);
const configured = new Set(['openai', 'anthropic', 'groq', 'google', 'sandbox']);

function router(breaker = new ScriptedCircuitBreaker(), providers: ReadonlySet<string> = configured) {
  return new ModelRouter(registry, providers, breaker);
}

describe('ModelRouter', () => {
  it('orders the chain by policy: quality puts the frontier model first, cost the cheapest model suited to the task', () => {
    expect(router().route({ category: 'writing', prompt: 'Write a post', policy: 'quality' }).chain[0]?.id).toBe('openai/frontier');
    expect(router().route({ category: 'writing', prompt: 'Write a post', policy: 'cost' }).chain[0]?.id).toBe('openai/cheap');
    expect(router().route({ category: 'classification', prompt: 'Label this', policy: 'cost' }).chain[0]?.id).toBe('groq/fast');
    const balanced = router().route({ category: 'writing', prompt: 'Write a post' });
    expect(balanced.policy).toBe('balanced');
    expect(balanced.reason).toContain('balanced policy for a writing task');
  });

  it('orders the whole chain by the policy’s key, the models suited to the task before the others', () => {
    const ids = (policy: 'quality' | 'cost' | 'latency' | 'balanced') => router().route({ category: 'writing', prompt: 'Write a post', policy }).chain.map((model) => model.id);
    // Suited to writing: frontier ($8.75/M, medium), high ($1.75/M, fast), cheap ($0.18/M, fast); then the others.
    expect(ids('cost')).toEqual(['openai/cheap', 'anthropic/high', 'openai/frontier', 'groq/fast', 'google/long']);
    expect(ids('quality')).toEqual(['openai/frontier', 'anthropic/high', 'openai/cheap', 'google/long', 'groq/fast']);
    expect(ids('latency')).toEqual(['anthropic/high', 'openai/cheap', 'openai/frontier', 'groq/fast', 'google/long']);
  });

  it('computes a route once per task kind, policy and healthy set, and again when any of them changes', () => {
    const breaker = new ScriptedCircuitBreaker();
    const shared = router(breaker);
    const first = shared.route({ category: 'writing', prompt: 'Write a post', policy: 'quality' });
    const again = shared.route({ category: 'writing', prompt: 'Write another post, longer', policy: 'quality' });
    expect(again.chain).toBe(first.chain);
    expect(again.reason).toBe(first.reason);
    expect(shared.route({ category: 'writing', prompt: 'Write a post', policy: 'cost' }).chain[0]?.id).toBe('openai/cheap');
    expect(shared.route({ category: 'writing', prompt: 'Write a post in Python: def main(): pass', policy: 'quality' }).signals.code).toBe(true);

    breaker.open.add('openai/frontier');
    const degraded = shared.route({ category: 'writing', prompt: 'Write a post', policy: 'quality' });
    expect(degraded.chain.map((model) => model.id)).not.toContain('openai/frontier');
    expect(degraded.excluded).toEqual([{ model: 'openai/frontier', reason: 'circuit_open' }]);
    breaker.open.delete('openai/frontier');
    const healed = shared.route({ category: 'writing', prompt: 'Write a post', policy: 'quality' });
    expect(healed.chain).toBe(first.chain);
    expect(healed.excluded).toEqual([]);
  });

  it('keeps the pinned model’s fallbacks in the policy’s order', () => {
    const chain = router().route({ category: 'writing', prompt: 'x', pinnedModel: 'groq/fast', fallback: true, policy: 'cost' }).chain.map((model) => model.id);
    expect(chain).toEqual(['groq/fast', 'openai/cheap', 'anthropic/high', 'openai/frontier', 'google/long']);
  });

  it('lets the request’s policy win over the plan’s', () => {
    expect(router().route({ category: 'writing', prompt: 'x', policy: 'cost', planPolicy: 'quality' }).policy).toBe('cost');
    expect(router().route({ category: 'writing', prompt: 'x', planPolicy: 'quality' }).policy).toBe('quality');
  });

  it('uses only configured models, each once, spread across providers', () => {
    const chain = router().route({ category: 'writing', prompt: 'x' }).chain.map((model) => model.id);
    expect(chain).not.toContain('mistral/unconfigured');
    expect(chain).not.toContain('sandbox/deterministic');
    expect(new Set(chain).size).toBe(chain.length);
    for (let index = 1; index < chain.length; index += 1) {
      const previous = chain[index - 1]?.split('/')[0];
      const current = chain[index]?.split('/')[0];
      // Two in a row from one provider only when no other provider is left.
      if (previous === current) expect(chain.slice(index).every((id) => id.startsWith(`${current}/`))).toBe(true);
    }
  });

  it('reads the prompt: code favours models suited to code', () => {
    const decision = router().route({ category: 'classification', prompt: 'Classify this snippet:\n```js\nconst x = () => { return 1; };\n```', policy: 'balanced' });
    expect(decision.signals.code).toBe(true);
    expect(decision.reason).toContain('(code)');
  });

  it('leaves out models whose context window is too small, and refuses a task no model can take', () => {
    const long = 'word '.repeat(700_000);
    const decision = router().route({ category: 'research', prompt: long });
    expect(decision.chain.map((model) => model.id)).toEqual(['google/long']);
    expect(decision.excluded).toContainEqual({ model: 'openai/frontier', reason: 'context_too_small' });
    expect(() => router().route({ category: 'research', prompt: 'word '.repeat(3_000_000) })).toThrow(AppError);
  });

  it('leaves out models whose circuit is open, unless every one is', () => {
    const breaker = new ScriptedCircuitBreaker();
    breaker.open.add('openai/frontier');
    const decision = router(breaker).route({ category: 'writing', prompt: 'x', policy: 'quality' });
    expect(decision.chain.map((model) => model.id)).not.toContain('openai/frontier');
    expect(decision.excluded).toContainEqual({ model: 'openai/frontier', reason: 'circuit_open' });
    for (const id of ['openai/frontier', 'openai/cheap', 'anthropic/high', 'groq/fast', 'google/long']) breaker.open.add(id);
    expect(router(breaker).route({ category: 'writing', prompt: 'x' }).chain).toHaveLength(5);
  });

  it('honours a pinned model, alone unless fallback is asked for, and refuses unknown or unconfigured ones', () => {
    expect(router().route({ category: 'writing', prompt: 'x', pinnedModel: 'groq/fast' }).chain.map((model) => model.id)).toEqual(['groq/fast']);
    const withFallback = router().route({ category: 'writing', prompt: 'x', pinnedModel: 'groq/fast', fallback: true });
    expect(withFallback.chain[0]?.id).toBe('groq/fast');
    expect(withFallback.chain.length).toBeGreaterThan(1);
    expect(() => router().route({ category: 'writing', prompt: 'x', pinnedModel: 'nope/model' })).toThrow(/unknown model/);
    expect(() => router().route({ category: 'writing', prompt: 'x', pinnedModel: 'mistral/unconfigured' })).toThrow(/not configured/);
  });

  it('answers from the sandbox when no real provider is configured, and never otherwise', () => {
    const sandboxOnly = router(new ScriptedCircuitBreaker(), new Set(['sandbox']));
    expect(sandboxOnly.sandboxOnly).toBe(true);
    expect(sandboxOnly.route({ category: 'writing', prompt: 'x' }).chain.map((model) => model.id)).toEqual(['sandbox/deterministic']);
    expect(router().sandboxOnly).toBe(false);
  });

  it('lists the models runs can go to: the configured providers’ ones, or the sandbox alone', () => {
    expect(router(new ScriptedCircuitBreaker(), new Set(['sandbox'])).routableModels().map((model) => model.id)).toEqual(['sandbox/deterministic']);
    expect(router().routableModels().map((model) => model.id)).toEqual(['openai/frontier', 'openai/cheap', 'anthropic/high', 'groq/fast', 'google/long']);
  });

  it('reports each model’s status', () => {
    const breaker = new ScriptedCircuitBreaker();
    breaker.open.add('groq/fast');
    const statuses = Object.fromEntries(registry.list().map((model) => [model.id, router(breaker).status(model)]));
    expect(statuses).toMatchObject({ 'openai/frontier': 'available', 'groq/fast': 'circuit_open', 'mistral/unconfigured': 'unconfigured' });
  });
});

describe('spreadAcrossProviders', () => {
  it('avoids two models of one provider in a row while others remain', () => {
    const models = registry.list().filter((model) => ['openai', 'anthropic'].includes(model.provider));
    expect(spreadAcrossProviders(models).map((model) => model.provider)).toEqual(['openai', 'anthropic', 'openai']);
    expect(spreadAcrossProviders(models, 'openai').map((model) => model.provider)).toEqual(['anthropic', 'openai', 'openai']);
  });
});
