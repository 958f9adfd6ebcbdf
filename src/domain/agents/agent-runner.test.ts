import { describe, expect, it } from 'vitest';
import { finderAgent } from '../../../test/support/agent-fixtures.ts';
import { failure, setupRunner as setup, summary, type Answer } from '../../../test/support/agent-runner-setup.ts';
import { UpstreamError } from '../../ports/model-gateway.ts';
import { AppError } from '../errors.ts';
import { buildAgentCatalog } from './agent-catalog.ts';
import type { AgentTool } from '../tools/agent-tool.ts';

describe('AgentRunner', () => {
  it('runs an agent on the best configured model, prices it and records the run', async () => {
    const { meter, runner, runs, calls } = setup(['openai', 'groq', 'sandbox'], summary);
    const result = await runner.run({ surface: 'v1', accountId: 'u1', agentId: 'tldr', body: { prompt: 'Summarise this.' }, requestId: 'req_1', meter: meter.meter });
    expect(result.data).toEqual({ summary: 'Short.', points: ['a'], model: 'groq/fast' });
    expect(result.usage).toEqual({ inputTokens: 1000, outputTokens: 500, costUsd: 0.002 });
    expect(result.routing).toMatchObject({ category: 'summarization', policy: 'balanced', chain: ['groq/fast', 'openai/small'] });
    expect(calls[0]).toMatchObject({ provider: 'groq', providerModelId: 'fast', prompt: 'Summarise this.' });
    expect(calls[0]?.instructions).toContain('Summarise the text faithfully');
    expect(runs.runs).toEqual([
      expect.objectContaining({ id: result.runId, accountId: 'u1', surface: 'v1', agent: 'summarize', model: 'groq/fast', provider: 'groq', status: 'succeeded', errorCode: null, inputTokens: 1000, outputTokens: 500, costUsd: 0.002, requestId: 'req_1' }),
    ]);
    expect(JSON.parse(runs.runs[0]?.output ?? 'null')).toEqual(result.data);
    // A successful run stays counted.
    expect(meter.state).toEqual({ reserved: 1, released: 0 });
  });

  it('answers from the sandbox only when no real provider is configured', async () => {
    const { meter, runner } = setup(['sandbox'], summary);
    const result = await runner.run({ surface: 'api', accountId: 'u1', agentId: 'summarize', body: { prompt: 'x' }, requestId: 'r', meter: meter.meter });
    expect(result.model.provider).toBe('sandbox');
    expect(result.data.model).toBe('sandbox/deterministic');
  });

  it('asks for confirmation on /api with a preview, without calling a model or recording a run', async () => {
    const { meter, runner, runs, calls } = setup(['openai'], summary);
    const error = await failure(runner.run({ surface: 'api', accountId: 'u1', agentId: 'finder', body: { prompt: 'fintech' }, requestId: 'r', meter: meter.meter }));
    expect(error.code).toBe('confirmation_required');
    expect(error.details.preview).toMatchObject({ agent: 'finder', model: 'openai/small', task: 'fintech' });
    expect(calls).toHaveLength(0);
    expect(runs.runs).toHaveLength(0);
    expect(meter.state).toEqual({ reserved: 1, released: 1 });
  });

  it('does not ask /api/v1 callers for confirmation', async () => {
    const catalog = buildAgentCatalog([{ origin: 'finder.yaml', content: finderAgent({ v1: true }) }], new Map());
    const { meter, runner } = setup(['openai'], () => ({ output: { companies: [] }, usage: { inputTokens: 1, outputTokens: 1 } }), catalog);
    const result = await runner.run({ surface: 'v1', accountId: 'u1', agentId: 'finder', body: { prompt: 'fintech' }, requestId: 'r', meter: meter.meter });
    expect(result.data).toEqual({ companies: [], model: 'openai/small' });
  });

  it('does not know agents without the v1 flag on /api/v1', async () => {
    const { meter, runner } = setup(['openai'], summary);
    const error = await failure(runner.run({ surface: 'v1', accountId: 'u1', agentId: 'finder', body: { prompt: 'fintech' }, requestId: 'r', meter: meter.meter }));
    expect(error.code).toBe('agent_not_found');
    expect(error.details.available).toEqual(['summarize']);
  });

  it('names every valid id when the agent does not exist', async () => {
    const { meter, runner } = setup(['openai'], summary);
    const error = await failure(runner.run({ surface: 'api', accountId: 'u1', agentId: 'nope', body: { prompt: 'x' }, requestId: 'r', meter: meter.meter }));
    expect(error).toMatchObject({ code: 'agent_not_found', details: { available: ['finder', 'summarize'] } });
  });

  it('fails with upstream_unavailable, every attempt listed and the run recorded, when the model keeps failing', async () => {
    const { meter, runner, runs } = setup(['groq'], () => new UpstreamError('server_error', 'boom', { status: 503 }));
    const error = await failure(runner.run({ surface: 'api', accountId: 'u1', agentId: 'summarize', body: { prompt: 'x' }, requestId: 'r', meter: meter.meter }));
    expect(error.code).toBe('upstream_unavailable');
    expect(error.retryAfterSeconds).toBe(5);
    expect(error.details.attempts).toEqual([{ model: 'groq/fast', provider: 'groq', outcome: 'error', status: 503, error: 'server_error', ms: expect.any(Number) }]);
    expect(runs.runs).toEqual([expect.objectContaining({ status: 'failed', errorCode: 'upstream_unavailable', costUsd: 0 })]);
    // Failures on our side are not counted.
    expect(meter.state).toEqual({ reserved: 1, released: 1 });
  });

  it('treats output that breaks the agent’s schema as a failed attempt', async () => {
    const { meter, runner } = setup(['groq'], () => ({ output: { summary: 42 }, usage: { inputTokens: 1, outputTokens: 1 } }));
    const error = await failure(runner.run({ surface: 'api', accountId: 'u1', agentId: 'summarize', body: { prompt: 'x' }, requestId: 'r', meter: meter.meter }));
    // One repair request on the same model, then no model is left.
    expect(error.details.attempts).toEqual([
      expect.objectContaining({ model: 'groq/fast', outcome: 'error', error: 'invalid_output' }),
      expect.objectContaining({ model: 'groq/fast', outcome: 'error', error: 'invalid_output', repair: true }),
    ]);
  });

  it('reports agent_failed when the upstream rejects the request itself', async () => {
    const { meter, runner, runs } = setup(['groq'], () => new UpstreamError('bad_request', 'bad', { status: 400 }));
    const error = await failure(runner.run({ surface: 'api', accountId: 'u1', agentId: 'summarize', body: { prompt: 'x' }, requestId: 'r', meter: meter.meter }));
    expect(error.code).toBe('agent_failed');
    expect(error.details.runId).toBe(runs.runs[0]?.id);
    expect(runs.runs[0]).toMatchObject({ status: 'failed', errorCode: 'agent_failed' });
  });

  describe('with tools', () => {
    const notesTool: AgentTool = {
      name: 'notes',
      description: 'Notes gathered',
      privateFields: ['secret'],
      outputFields: { noted: { type: 'boolean' } },
      requiredOutputFields: ['noted'],
      prepare: async (context) => {
        if (context.fields.secret === 'refuse') throw new AppError('invalid_request', 'refused by the tool');
        return { context: 'fact one', state: 'state-from-prepare' };
      },
      finish: async (output, _context, state) => ({ ...output, noted: state === 'state-from-prepare' }),
    };
    const toolCatalog = () =>
      buildAgentCatalog(
        [{ origin: 'finder.yaml', content: finderAgent({ v1: true, tools: ['notes'], input: { type: 'object', properties: { niche: { type: 'string' }, secret: { type: 'string' } } }, taskTemplate: undefined }) }],
        new Map([['notes', notesTool]]),
      );
    const companies: Answer = () => ({ output: { companies: [] }, usage: { inputTokens: 1, outputTokens: 1 } });

    it('gives the model what tools gathered, never private fields, and returns what tools add', async () => {
      const { meter, runner, calls } = setup(['openai'], companies, toolCatalog(), new Map([['notes', notesTool]]));
      const result = await runner.run({ surface: 'v1', accountId: 'u1', agentId: 'finder', body: { prompt: 'fintech', niche: 'pay', secret: 's3cr3t' }, requestId: 'r', meter: meter.meter });
      expect(result.data).toEqual({ companies: [], noted: true, model: 'openai/small' });
      expect(calls[0]?.prompt).toMatch(/^fintech\n\nDetails:\n- niche: pay\n\n.*\n\nNotes gathered:\n<data-(\w+) source="notes">\nfact one\n<\/data-\1>$/s);
      expect(calls[0]?.prompt).not.toContain('s3cr3t');
    });

    it('refuses the request, calling no model and recording nothing, when a tool refuses it first', async () => {
      const { meter, runner, calls, runs } = setup(['openai'], companies, toolCatalog(), new Map([['notes', notesTool]]));
      const error = await failure(runner.run({ surface: 'v1', accountId: 'u1', agentId: 'finder', body: { prompt: 'x', secret: 'refuse' }, requestId: 'r', meter: meter.meter }));
      expect(error.code).toBe('invalid_request');
      expect(calls).toHaveLength(0);
      expect(runs.runs).toHaveLength(0);
    });

    it('fails the run as agent_failed, recorded, when a tool breaks after the model answered', async () => {
      const broken: AgentTool = { ...notesTool, finish: async () => ({ companies: 'not a list' }) };
      const { meter, runner, runs } = setup(['openai'], companies, toolCatalog(), new Map([['notes', broken]]));
      const error = await failure(runner.run({ surface: 'v1', accountId: 'u1', agentId: 'finder', body: { prompt: 'x' }, requestId: 'r', meter: meter.meter }));
      expect(error.code).toBe('agent_failed');
      expect(error.cause).toBeInstanceOf(Error);
      expect(runs.runs).toEqual([expect.objectContaining({ status: 'failed', errorCode: 'agent_failed', model: 'openai/small' })]);
    });
  });
});
