import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startUpstreamSimulator, type UpstreamSimulator } from '../../../tools/upstream-simulator/simulator-server.ts';
import { OpenAiModerator } from './openai-moderator.ts';

let simulator: UpstreamSimulator;
beforeAll(async () => {
  simulator = await startUpstreamSimulator();
});
beforeEach(() => simulator.reset());
afterAll(async () => simulator.close());

const moderator = (timeoutMs = 2000, apiKey = 'sk-test') => new OpenAiModerator({ baseUrl: simulator.baseUrls.openai, apiKey, timeoutMs });

describe('OpenAiModerator against the simulated moderation endpoint', () => {
  it('maps flagged categories to the content layer’s names', async () => {
    const verdict = await moderator().moderate(['An ordinary sentence.', 'I will hurt you if you come back.']);
    expect(verdict).toEqual({ flagged: true, categories: ['harassment', 'violent_crimes'] });
    expect(simulator.requests()[0]).toMatchObject({ path: '/openai/v1/moderations', body: { model: 'omni-moderation-latest', input: ['An ordinary sentence.', 'I will hurt you if you come back.'] } });
  });

  it('passes text nothing flags', async () => {
    expect(await moderator().moderate(['Quarterly revenue grew 12%.'])).toEqual({ flagged: false, categories: [] });
  });

  it('gives no verdict when the endpoint fails, refuses the key or is too slow', async () => {
    simulator.setFaults({ models: { 'omni-moderation-latest': { queue: [{ type: 'http', status: 500 }] } } });
    expect(await moderator().moderate(['x'])).toBeUndefined();
    simulator.setFaults({ models: { 'omni-moderation-latest': { queue: [{ type: 'hang' }] } } });
    expect(await moderator(200).moderate(['x'])).toBeUndefined();
    expect(await moderator(2000, '').moderate(['x'])).toBeUndefined();
    expect(simulator.requests().map((request) => request.status)).toEqual([500, undefined, 401]);
  });
});
