import { describe, expect, it } from 'vitest';
import { fixtureCatalog } from '../../../../test/support/agent-fixtures.ts';
import { countingMeter } from '../../../../test/support/agent-runner-setup.ts';
import { AppError } from '../../errors.ts';
import type { Agent } from '../agent.ts';
import { acceptTask, findAgent, findFreeAgent, resolveRun } from './resolve-stage.ts';

const clock = { now: () => new Date('2026-06-01T12:00:00.000Z') };
const sizeChecks: unknown[] = [];
const safety = { checkInputSize: (body: unknown) => void sizeChecks.push(body), policyFor: (agent: Agent) => agent.safetyPolicy };
const code = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return 'none';
};

describe('resolve stage', () => {
  it('finds an agent by id or alias, or refuses with every id the surface offers', () => {
    expect(findAgent(fixtureCatalog(), 'tldr', 'api').id).toBe('summarize');
    try {
      findAgent(fixtureCatalog(), 'nope', 'v1');
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ code: 'agent_not_found', details: { available: ['summarize'] } });
    }
  });

  it('gives anonymous callers only agents without side effects', () => {
    expect(findFreeAgent(fixtureCatalog(), 'summarize').id).toBe('summarize');
    expect(code(() => findFreeAgent(fixtureCatalog(), 'finder'))).toBe('agent_not_free');
  });

  it('refuses a body the agent cannot run on before the size check reads it', () => {
    sizeChecks.length = 0;
    const agent = findAgent(fixtureCatalog(), 'finder', 'api');
    expect(code(() => acceptTask(safety, agent, { input: { niche: 1 } }))).toBe('invalid_request');
    expect(sizeChecks).toHaveLength(0);
    expect(acceptTask(safety, agent, { input: { niche: 'fintech' } }).prompt).toContain('fintech');
    expect(sizeChecks).toHaveLength(1);
  });

  it('starts a run with nothing done, its id and time from the clock', () => {
    const command = { surface: 'free' as const, accountId: null, agentId: 'tldr', body: { prompt: 'Summarise.' }, requestId: 'r', meter: countingMeter().meter };
    const run = resolveRun({ catalog: fixtureCatalog(), safety, clock }, command);
    expect(run).toMatchObject({ command, agent: { id: 'summarize' }, task: { prompt: 'Summarise.' }, createdAt: '2026-06-01T12:00:00.000Z', reports: [], progress: 'none', calls: [], recorded: false });
    expect(run.runId).toMatch(/^run_/);
    expect(code(() => resolveRun({ catalog: fixtureCatalog(), safety, clock }, { ...command, agentId: 'finder' }))).toBe('agent_not_free');
  });
});
