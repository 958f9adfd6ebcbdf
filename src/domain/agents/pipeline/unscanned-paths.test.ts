import { describe, expect, it } from 'vitest';
import { fixtureAgent } from '../../../../test/support/run-stage-fixtures.ts';
import { controlKeys, unscannedPaths } from './unscanned-paths.ts';

describe('unscannedPaths', () => {
  it('skips the control keys and an agent’s private fields, at the top level and under input', () => {
    const agent = { ...fixtureAgent(), privateFields: ['apiToken'] };
    expect([...unscannedPaths(agent)]).toEqual([...controlKeys, 'apiToken', 'input.apiToken']);
  });

  it('works the set out once per agent', () => {
    const agent = fixtureAgent();
    expect(unscannedPaths(agent)).toBe(unscannedPaths(agent));
  });
});
