import { describe, expect, it } from 'vitest';
import { isLayerOff, withLayerPolicy } from './layer-modes.ts';
import type { SafetyPolicy } from './safety-layer.ts';
import { defaultSafetyPolicy } from './safety-policy.ts';

function policy(settings: Partial<SafetyPolicy>): SafetyPolicy {
  return { ...defaultSafetyPolicy, ...settings };
}

const attack = { verdict: 'block' as const, score: 0.93, categories: ['jailbreak'] };
const doubtful = { verdict: 'pass' as const, score: 0.4, categories: [] };

describe('withLayerPolicy', () => {
  it('leaves the layer’s verdict alone without a policy for it', () => {
    expect(withLayerPolicy('jailbreak', 'input', attack, defaultSafetyPolicy)).toBe(attack);
  });

  it('flag: a block becomes flag with its score and categories; other verdicts stay', () => {
    const flagging = policy({ jailbreak: { mode: 'flag' }, content: { mode: 'flag' } });
    expect(withLayerPolicy('jailbreak', 'input', attack, flagging)).toEqual({ verdict: 'flag', score: 0.93, categories: ['jailbreak'] });
    expect(withLayerPolicy('content', 'output', { verdict: 'block', score: 0.8, categories: ['violent_crimes'] }, flagging)).toMatchObject({ verdict: 'flag' });
    expect(withLayerPolicy('jailbreak', 'input', doubtful, flagging)).toEqual(doubtful);
  });

  it('a jailbreak threshold decides by the score alone, both ways', () => {
    const strict = policy({ jailbreak: { mode: 'block', threshold: 0.3 } });
    expect(withLayerPolicy('jailbreak', 'input', doubtful, strict)).toEqual({ verdict: 'block', score: 0.4, categories: ['jailbreak'] });
    expect(withLayerPolicy('jailbreak', 'tool', doubtful, strict)).toEqual({ verdict: 'block', score: 0.4, categories: ['prompt_injection'] });
    const lenient = policy({ jailbreak: { mode: 'block', threshold: 0.95 } });
    expect(withLayerPolicy('jailbreak', 'input', attack, lenient)).toEqual({ verdict: 'pass', score: 0.93, categories: [] });
    // Over the threshold in flag mode: reported, not blocked.
    expect(withLayerPolicy('jailbreak', 'input', doubtful, policy({ jailbreak: { mode: 'flag', threshold: 0.3 } })).verdict).toBe('flag');
  });

  it('a content threshold only raises the bar: a blocking finding under it is a flag', () => {
    const raised = policy({ content: { mode: 'block', threshold: 0.9 } });
    expect(withLayerPolicy('content', 'input', { verdict: 'block', score: 0.7, categories: ['hate'] }, raised)).toEqual({ verdict: 'flag', score: 0.7, categories: ['hate'] });
    expect(withLayerPolicy('content', 'input', { verdict: 'block', score: 0.95, categories: ['hate'] }, raised).verdict).toBe('block');
    expect(withLayerPolicy('content', 'input', { verdict: 'pass', score: 0.95, categories: [] }, raised).verdict).toBe('pass');
  });
});

describe('isLayerOff', () => {
  it('reads the layer’s mode at the input and output, and toolInjection for fetched text', () => {
    const off = policy({ jailbreak: { mode: 'off' }, content: { mode: 'off' } });
    expect(isLayerOff(off, 'jailbreak', 'input')).toBe(true);
    expect(isLayerOff(off, 'content', 'output')).toBe(true);
    expect(isLayerOff(off, 'jailbreak', 'tool')).toBe(false);
    expect(isLayerOff(policy({ toolInjection: 'off' }), 'jailbreak', 'tool')).toBe(true);
    expect(isLayerOff(defaultSafetyPolicy, 'content', 'input')).toBe(false);
  });
});
