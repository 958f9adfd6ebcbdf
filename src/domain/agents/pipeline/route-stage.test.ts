import { describe, expect, it } from 'vitest';
import { fixtureAgent, fixtureRouting, stageRun } from '../../../../test/support/run-stage-fixtures.ts';
import type { RouteRequest } from '../../routing/model-router.ts';
import { buildInstructions } from '../agent-instructions.ts';
import { awaitsConfirmation, routeRun } from './route-stage.ts';

function recordingRouter() {
  const requests: RouteRequest[] = [];
  return { requests, route: (request: RouteRequest) => (requests.push(request), fixtureRouting('openai/small')) };
}

describe('route stage', () => {
  it('routes the screened task by the request choices over the plan policy, counting the instructions', () => {
    const router = recordingRouter();
    const run = stageRun({ task: { prompt: 'Summarise [EMAIL].', fields: {}, userPrompt: undefined } });
    run.command = { ...run.command, body: { prompt: 'Summarise alice@example.com.', policy: 'cost', model: 'openai/small', fallback: true }, planPolicy: 'quality' };
    expect(routeRun({ router }, run).chain.map((model) => model.id)).toEqual(['openai/small']);
    expect(router.requests).toEqual([
      { category: 'summarization', prompt: 'Summarise [EMAIL].', overheadCharacters: buildInstructions(run.agent).length, policy: 'cost', planPolicy: 'quality', pinnedModel: 'openai/small', fallback: true },
    ]);
  });

  it('asks for confirmation only on /api, for agents that act, unless the request confirms', () => {
    const finder = fixtureAgent('finder');
    expect(awaitsConfirmation({ surface: 'api', body: {} }, finder)).toBe(true);
    expect(awaitsConfirmation({ surface: 'api', body: { confirmed: true } }, finder)).toBe(false);
    expect(awaitsConfirmation({ surface: 'v1', body: {} }, finder)).toBe(false);
    expect(awaitsConfirmation({ surface: 'api', body: {} }, fixtureAgent('summarize'))).toBe(false);
  });

  it('refuses a run awaiting confirmation with a preview of its route', () => {
    const run = stageRun({ agent: fixtureAgent('finder'), task: { prompt: 'fintech', fields: {}, userPrompt: 'fintech' } });
    expect(() => routeRun({ router: recordingRouter() }, run)).toThrow(expect.objectContaining({ code: 'confirmation_required', details: expect.objectContaining({ preview: expect.objectContaining({ model: 'openai/small' }) }) }));
  });
});
