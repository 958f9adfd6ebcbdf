import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixtureAgent } from '../../../test/support/run-stage-fixtures.ts';
import { buildInstructions } from './agent-instructions.ts';

describe('buildInstructions', () => {
  afterEach(() => vi.restoreAllMocks());

  it('builds an agent\'s instructions once, also for the copy of it each run screens under', () => {
    const agent = fixtureAgent();
    const first = buildInstructions(agent);
    const runCopy = { ...agent, safetyPolicy: { ...agent.safetyPolicy } };
    const stringify = vi.spyOn(JSON, 'stringify');
    expect(buildInstructions(runCopy)).toBe(first);
    expect(stringify).not.toHaveBeenCalled();
  });

  it('builds them again for other instructions over the same output schema', () => {
    const agent = fixtureAgent();
    buildInstructions(agent);
    const changed = buildInstructions({ ...agent, instructions: 'Answer in French.' });
    expect(changed.startsWith('Answer in French.')).toBe(true);
    expect(changed).toContain(JSON.stringify(agent.output));
  });
});
