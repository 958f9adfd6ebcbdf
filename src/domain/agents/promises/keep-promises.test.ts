import { describe, expect, it } from 'vitest';
import type { AgentPromise } from './agent-promise.ts';
import { keepPromises } from './keep-promises.ts';

describe('keepPromises', () => {
  it('sets an echoed value, cuts items over a count, sorts and numbers a sequence', () => {
    const promises: AgentPromise[] = [{ equal: 'brand', to: 'brand_name' }, { count: 'emails', to: 'steps' }, { order: 'emails', by: 'sendDay', number: 'step' }];
    const output = { brand: 'Other', emails: [{ step: 1, sendDay: 74 }, { step: 2, sendDay: 24 }, { step: 3, sendDay: 60 }, { step: 4, sendDay: 0 }, { step: 5, sendDay: 90 }] };
    const kept = keepPromises(promises, { brand_name: 'Acme', steps: 4 }, output);
    expect(kept.output).toEqual({ brand: 'Acme', emails: [{ step: 1, sendDay: 0 }, { step: 2, sendDay: 24 }, { step: 3, sendDay: 60 }, { step: 4, sendDay: 74 }] });
    expect(kept.repaired).toEqual(["brand: set to the request's brand_name", 'emails: 1 item over the 4 asked for removed', 'emails: sorted by sendDay', 'emails: step numbered from 1']);
    expect(kept.unmet).toEqual([]);
    expect(output.brand).toBe('Other');
  });

  it('reports too few items and a name not mentioned, which only a model can mend', () => {
    const promises: AgentPromise[] = [{ count: 'emails', to: 'steps' }, { mentions: 'recipient', in: ['greeting', 'body'] }];
    const kept = keepPromises(promises, { steps: 4, recipient: 'Dana Kim' }, { emails: [{}, {}], greeting: 'Hi there', body: 'Thanks, dana  kim, for the call.' });
    expect(kept.unmet).toEqual(["emails: must have exactly 4 items (the request's steps), has 2"]);
    const missing = keepPromises(promises, { recipient: 'Dana Kim' }, { greeting: 'Hi there', body: 'Thanks.' });
    expect(missing.unmet).toEqual(['greeting or body: must mention the request\'s recipient "Dana Kim"']);
  });

  it('drops names the input does not contain, and an item field naming someone invented', () => {
    const transcript = 'Maria: we ship Friday. Kenji (support): I will update the docs.';
    const promises: AgentPromise[] = [{ within: 'attendees', of: 'transcript' }, { within: 'actionItems', field: 'owner', of: 'transcript' }];
    const kept = keepPromises(promises, { transcript }, { attendees: ['Maria', 'Kenji (Support lead)', 'John Smith'], actionItems: [{ task: 'docs', owner: 'Kenji' }, { task: 'ship', owner: 'Priya' }] });
    expect(kept.output).toEqual({ attendees: ['Maria', 'Kenji (Support lead)'], actionItems: [{ task: 'docs', owner: 'Kenji' }, { task: 'ship' }] });
    expect(kept.repaired).toHaveLength(2);
  });

  it('holds a conditional part only when its condition does, and ignores fields the request did not send', () => {
    const promises: AgentPromise[] = [{ require: 'contentPlan', when: { mode: 'content-plan' } }, { equal: 'mode', to: 'mode' }, { count: 'items', atMost: 'limit' }];
    expect(keepPromises(promises, { mode: 'content-plan' }, { mode: 'audit', contentPlan: [] }).unmet).toEqual(['contentPlan: required when mode is "content-plan"']);
    expect(keepPromises(promises, { mode: 'audit' }, { mode: 'audit' }).unmet).toEqual([]);
    expect(keepPromises(promises, {}, { mode: 'audit', items: [1, 2, 3] })).toEqual({ output: { mode: 'audit', items: [1, 2, 3] }, repaired: [], unmet: [] });
  });
});
