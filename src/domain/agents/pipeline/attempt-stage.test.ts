import { describe, expect, it } from 'vitest';
import { ScriptedCircuitBreaker } from '../../../../test/support/fake-circuit-breaker.ts';
import { endedRun, fixtureRouting, layerReport, stageRecorder, stageRun } from '../../../../test/support/run-stage-fixtures.ts';
import { UpstreamError, type GenerationRequest, type ModelGateway } from '../../../ports/model-gateway.ts';
import { AppError } from '../../errors.ts';
import type { TextScreening } from '../../safety/safety-pipeline.ts';
import type { StreamedDelta } from './run-command.ts';
import { attemptWithFailover } from './attempt-stage.ts';

/** What each provider answers: a summary (blocked when it says BLOCK, weak when it says WEAK) or a failure. */
function setup(answers: Record<string, string | UpstreamError>) {
  const requests: GenerationRequest[] = [];
  const gateway: ModelGateway = {
    configuredProviders: () => new Set(Object.keys(answers)),
    generate: async (request) => {
      requests.push(request);
      const answer = answers[request.provider] ?? new UpstreamError('server_error', 'boom', { status: 503 });
      if (answer instanceof UpstreamError) throw answer;
      request.onDelta?.(answer);
      return { output: { summary: answer }, text: JSON.stringify({ summary: answer }), usage: { inputTokens: 10, outputTokens: 5 } };
    },
  };
  const safety = {
    screenOutput: async <Value>(output: Value) => {
      const blocked = JSON.stringify(output).includes('BLOCK');
      return { reports: [layerReport('content', blocked ? 'block' : 'pass', 'output')], value: output, ...(blocked ? { blocked: { layer: 'content', categories: ['violence'] } } : {}) } as TextScreening<Value>;
    },
    assessQuality: (subject: { output: unknown }) => {
      const weak = JSON.stringify(subject.output).includes('WEAK');
      return { report: layerReport('quality', weak ? 'block' : 'pass', 'output'), quality: { score: weak ? 0.2 : 0.9, failed: [] }, belowThreshold: weak };
    },
  };
  const recorder = stageRecorder();
  const dependencies = { ...recorder, safety, failover: { gateway, breaker: new ScriptedCircuitBreaker(), sleep: async () => undefined }, options: { upstreamTimeoutMs: 1000, upstreamDeadlineMs: 5000 } };
  return { dependencies, recorder, requests };
}

const noTools = { tools: [], preparations: [], context: { agentId: 'summarize', accountId: 'u1', surface: 'api' as const, prompt: undefined, fields: {} }, gathered: [] };
const routing = fixtureRouting('groq/fast', 'openai/small');

describe('attempt stage', () => {
  it('keeps the first good answer, billing its call and reporting its attempt', async () => {
    const { dependencies, recorder, requests } = setup({ groq: 'Short.', openai: 'Other.' });
    const run = stageRun();
    const answer = await attemptWithFailover(dependencies, run, routing, noTools);
    expect(answer.chosen.model.id).toBe('groq/fast');
    expect(answer.regenerated).toBeUndefined();
    expect(answer.attempts).toHaveLength(1);
    expect(answer.routing).toMatchObject({ chain: ['groq/fast', 'openai/small'] });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.prompt).toBe('Summarise this.');
    expect(run.progress).toBe('answered');
    expect(run.calls.map((call) => call.model.id)).toEqual(['groq/fast']);
    expect(recorder.telemetry.upstreamAttempts).toEqual([expect.objectContaining({ provider: 'groq', model: 'groq/fast', outcome: 'ok' })]);
  });

  it('generates a blocked answer again on the next model and keeps the one let through', async () => {
    const { dependencies } = setup({ groq: 'BLOCK this.', openai: 'Fine.' });
    const run = stageRun();
    const answer = await attemptWithFailover(dependencies, run, routing, noTools);
    expect(answer.chosen.model.id).toBe('openai/small');
    expect(answer.regenerated).toBe('output_blocked');
    expect(answer.attempts.map((attempt) => attempt.model)).toEqual(['groq/fast', 'openai/small']);
    expect(run.calls).toHaveLength(2);
  });

  it('keeps the first answer when the regeneration finds no model, without calling it regenerated', async () => {
    const { dependencies } = setup({ groq: 'WEAK.' });
    const answer = await attemptWithFailover(dependencies, stageRun(), routing, noTools);
    expect(answer.chosen.model.id).toBe('groq/fast');
    expect(answer.regenerated).toBeUndefined();
    expect(answer.attempts.map((attempt) => attempt.outcome)).toEqual(['ok', 'error']);
  });

  it('never replaces a streamed answer, and streams with the run, the route and the quota', async () => {
    const { dependencies, requests } = setup({ groq: 'WEAK.', openai: 'Fine.' });
    const deltas: StreamedDelta[] = [];
    const run = stageRun();
    run.command = { ...run.command, onDelta: (delta) => deltas.push(delta) };
    const answer = await attemptWithFailover(dependencies, run, routing, noTools);
    expect(answer.chosen.model.id).toBe('groq/fast');
    expect(requests).toHaveLength(1);
    expect(deltas).toEqual([expect.objectContaining({ runId: 'run_1', agentId: 'summarize', text: 'WEAK.', quota: run.reservation.snapshot, routing: expect.objectContaining({ chain: ['groq/fast', 'openai/small'] }) })]);
  });

  it('shows the model what tools gathered in data blocks, under the data rule', async () => {
    const { dependencies, requests } = setup({ groq: 'Short.' });
    await attemptWithFailover(dependencies, stageRun(), routing, { ...noTools, gathered: [{ source: 'fetcher', description: 'Fetched facts', text: 'The page says hello.' }] });
    expect(requests[0]?.prompt).toContain('Fetched facts:');
    expect(requests[0]?.prompt).toContain('The page says hello.');
    expect(requests[0]?.instructions.length).toBeGreaterThan(0);
  });

  it('ends a chain that never answered as upstream_unavailable, and one a model refused as agent_failed, with the model tried last', async () => {
    const down = setup({});
    const run = stageRun();
    const ended = await endedRun(attemptWithFailover(down.dependencies, run, routing, noTools));
    expect(ended.refusal).toBeInstanceOf(AppError);
    expect(ended.refusal).toMatchObject({ code: 'upstream_unavailable', retryAfterSeconds: 5, details: { runId: 'run_1', routing: { chain: ['groq/fast', 'openai/small'] } } });
    expect(run.progress).toBe('outbound');
    expect(ended.record).toMatchObject({ status: 'failed', errorCode: 'upstream_unavailable', model: { id: 'openai/small' } });

    const refusing = setup({ groq: new UpstreamError('bad_request', 'bad', { status: 400 }) });
    const refused = await endedRun(attemptWithFailover(refusing.dependencies, stageRun(), routing, noTools));
    expect(refused.refusal).toMatchObject({ code: 'agent_failed', message: 'The agent could not run: the model rejected the request (bad_request)' });
    expect(refused.record).toMatchObject({ status: 'failed', errorCode: 'agent_failed', model: { id: 'groq/fast' } });
  });
});
