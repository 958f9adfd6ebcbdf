import { describe, expect, it } from 'vitest';
import { fixtureRegistry } from '../../../test/support/agent-fixtures.ts';
import { testSafetyPipeline } from '../../../test/support/safety-fixtures.ts';
import type { CriticSubject, OutputCritic } from './layers/critic/output-critic.ts';
import type { CriticMode } from './safety-layer.ts';
import { defaultSafetyPolicy } from './safety-policy.ts';

/** Layer 5 under each critic mode: when the model reviewer is asked, and what the report says. */
function world(): { calls: CriticSubject[]; review(subject: Partial<CriticSubject>, mode: CriticMode): ReturnType<ReturnType<typeof testSafetyPipeline>['review']> } {
  const calls: CriticSubject[] = [];
  const critic: OutputCritic = {
    review: async (subject) => {
      calls.push(subject);
      return { results: { addresses_task: true, complete: true, well_formed: true, no_refusal: true, safe: true }, reviewer: 'anthropic/large' };
    },
  };
  const pipeline = testSafetyPipeline({ critic });
  const registry = fixtureRegistry();
  const base: CriticSubject = {
    agentName: 'Summarizer',
    task: 'Summarise the call',
    output: { summary: 'The call agreed on a date.' },
    producer: registry.list()[0]!,
    reviewers: registry.list(),
    evidence: { quality: { score: 1, failed: [] }, contentPassed: true },
    doubts: [],
  };
  return { calls, review: (subject, mode) => pipeline.review({ ...base, ...subject }, { ...defaultSafetyPolicy, critic: mode }) };
}

describe('the critic mode', () => {
  it('risk (the default): a clean run makes no review call and reports the rubric', async () => {
    const { calls, review } = world();
    const { report } = await review({}, 'risk');
    expect(calls).toHaveLength(0);
    expect(report).toMatchObject({ layer: 'critic', verdict: 'pass', score: 1, reviewer: 'rubric' });
  });

  it('risk: a layer that flagged or redacted, or a failed rubric criterion, asks the model', async () => {
    const { calls, review } = world();
    expect((await review({ doubts: ['content:output'] }, 'risk')).report.reviewer).toBe('anthropic/large');
    expect((await review({ evidence: { quality: { score: 0.8, failed: ['repetition'] }, contentPassed: true } }, 'risk')).report.reviewer).toBe('anthropic/large');
    expect((await review({ evidence: { quality: { score: 1, failed: [] }, contentPassed: false } }, 'risk')).report.reviewer).toBe('anthropic/large');
    expect(calls).toHaveLength(3);
  });

  it('model: every output is reviewed by a model; rubric: none is, however unsure the layers are', async () => {
    const always = world();
    await always.review({}, 'model');
    expect(always.calls).toHaveLength(1);
    const never = world();
    const { report } = await never.review({ doubts: ['jailbreak:input'], evidence: { quality: { score: 0.4, failed: ['relevance'] }, contentPassed: true } }, 'rubric');
    expect(never.calls).toHaveLength(0);
    expect(report).toMatchObject({ reviewer: 'rubric', categories: ['addresses_task'] });
  });
});
