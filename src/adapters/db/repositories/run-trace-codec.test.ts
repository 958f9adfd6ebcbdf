import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RunTrace } from '../../../ports/run-repository.ts';
import { decodeTrace, encodeTrace } from './run-trace-codec.ts';

const layer = fc.record(
  {
    layer: fc.constantFrom('jailbreak', 'pii', 'content', 'quality', 'critic'),
    stage: fc.constantFrom('input', 'tool', 'output'),
    verdict: fc.constantFrom('pass', 'flag', 'redact', 'block'),
    score: fc.double({ min: 0, max: 1, noNaN: true }),
    categories: fc.array(fc.string(), { maxLength: 3 }),
    findings: fc.dictionary(fc.string({ minLength: 1 }), fc.nat()),
    reviewer: fc.string(),
    ms: fc.double({ min: 0, max: 1e5, noNaN: true }),
  },
  { requiredKeys: ['layer', 'stage', 'verdict', 'score', 'categories', 'ms'] },
);
const attempt = fc.record(
  {
    model: fc.string(),
    provider: fc.string(),
    outcome: fc.constantFrom('ok' as const, 'error' as const),
    status: fc.integer({ min: 100, max: 599 }),
    error: fc.string(),
    repair: fc.constant(true),
    ms: fc.double({ min: 0, max: 1e5, noNaN: true }),
  },
  { requiredKeys: ['model', 'provider', 'outcome', 'ms'] },
);
const trace: fc.Arbitrary<RunTrace> = fc.record({
  safety: fc.array(layer, { maxLength: 9 }),
  attempts: fc.array(attempt, { maxLength: 4 }),
  routing: fc.option(fc.record({ category: fc.string(), policy: fc.string(), reason: fc.string() }), { nil: null }),
});

const written: RunTrace = {
  safety: [
    { layer: 'jailbreak', stage: 'input', verdict: 'pass', score: 0.012, categories: [], ms: 0.81 },
    { layer: 'pii', stage: 'input', verdict: 'redact', score: 0.95, categories: ['card'], findings: { card: 1 }, ms: 0.05 },
    { layer: 'quality', stage: 'output', verdict: 'flag', score: 0.9, categories: ['repetition'], ms: 0.63 },
    { layer: 'critic', stage: 'output', verdict: 'pass', score: 0.8, categories: ['well_formed'], reviewer: 'rubric', ms: 0.18 },
  ],
  attempts: [
    { model: 'openai/gpt-5-mini', provider: 'openai', outcome: 'error', status: 429, error: 'rate limited', ms: 12 },
    { model: 'anthropic/claude-haiku-4-5', provider: 'anthropic', outcome: 'ok', repair: true, ms: 81.4 },
  ],
  routing: { category: 'summarization', policy: 'balanced', reason: 'model openai/gpt-5-mini pinned by the request, without fallbacks' },
};

describe('run trace codec', () => {
  it('reads back every trace it writes, exactly', () => {
    fc.assert(fc.property(trace, (original) => {
        expect(decodeTrace(encodeTrace(original))).toEqual(original);
      }), { numRuns: 500 });
  });

  it('reads the rows written before, objects with named keys, as they are', () => {
    expect(decodeTrace(JSON.stringify(written))).toEqual(written);
  });

  it('stores a typical trace in about half the characters of the named-keys form', () => {
    expect(decodeTrace(encodeTrace(written))).toEqual(written);
    expect(encodeTrace(written).length).toBeLessThan(JSON.stringify(written).length * 0.6);
  });
});
