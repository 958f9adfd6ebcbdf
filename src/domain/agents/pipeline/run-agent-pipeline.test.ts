import { describe, expect, it } from 'vitest';
import { fixtureCatalog } from '../../../../test/support/agent-fixtures.ts';
import { countingMeter } from '../../../../test/support/agent-runner-setup.ts';
import { ScriptedCircuitBreaker } from '../../../../test/support/fake-circuit-breaker.ts';
import { fixtureRouting, stageRecorder } from '../../../../test/support/run-stage-fixtures.ts';
import { testSafetyPipeline } from '../../../../test/support/safety-fixtures.ts';
import { UpstreamError, type GenerationRequest } from '../../../ports/model-gateway.ts';
import { DatabaseUnavailableError } from '../../database-unavailable.ts';
import { runAgentPipeline } from './run-agent-pipeline.ts';
import type { RunPipelineDependencies } from './run-pipeline-dependencies.ts';

function setup(recordable = true) {
  const recorder = stageRecorder();
  const requests: GenerationRequest[] = [];
  const stages: RunPipelineDependencies = {
    ...recorder,
    catalog: fixtureCatalog(),
    router: { route: () => fixtureRouting('groq/fast', 'openai/small') },
    failover: {
      gateway: {
        configuredProviders: () => new Set(['groq']),
        generate: async (request) => {
          requests.push(request);
          return { output: { summary: 'Short.', points: ['a'] }, text: '', usage: { inputTokens: 1000, outputTokens: 500 } };
        },
      },
      breaker: new ScriptedCircuitBreaker(),
      sleep: async () => undefined,
    },
    recordability: { recordable: async () => recordable },
    safety: testSafetyPipeline(),
    tools: new Map(),
    options: { upstreamTimeoutMs: 1000, upstreamDeadlineMs: 5000 },
  };
  const meter = countingMeter();
  const command = { surface: 'v1' as const, accountId: 'u1', agentId: 'summarize', body: { prompt: 'Summarise this.' }, requestId: 'req_1', meter: meter.meter };
  return { stages, recorder, requests, meter, command };
}

describe('runAgentPipeline', () => {
  it('takes a run through every stage to its record, keeping its unit', async () => {
    const { stages, recorder, requests, meter, command } = setup();
    const success = await runAgentPipeline(stages, command);
    expect(success.data).toEqual({ summary: 'Short.', points: ['a'], model: 'groq/fast' });
    expect(requests).toHaveLength(1);
    expect(recorder.runs.runs).toEqual([expect.objectContaining({ id: success.runId, status: 'succeeded' })]);
    expect(meter.state).toEqual({ reserved: 1, released: 0 });
  });

  it('reserves nothing for a request refused at resolve', async () => {
    const { stages, meter, command } = setup();
    await expect(runAgentPipeline(stages, { ...command, agentId: 'nope' })).rejects.toMatchObject({ code: 'agent_not_found' });
    expect(meter.state).toEqual({ reserved: 0, released: 0 });
  });

  it('gives back the unit of a run refused after admission, before any model call', async () => {
    const { stages, recorder, requests, meter, command } = setup(false);
    await expect(runAgentPipeline(stages, command)).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(requests).toHaveLength(0);
    expect(recorder.runs.runs).toHaveLength(0);
    expect(meter.state).toEqual({ reserved: 1, released: 1 });
  });

  it('stops a run its caller canceled before it starts: no model call, stored as canceled, its unit given back', async () => {
    const { stages, recorder, requests, meter, command } = setup();
    const controller = new AbortController();
    controller.abort();
    await expect(runAgentPipeline(stages, { ...command, signal: controller.signal })).rejects.toMatchObject({ code: 'conflict', message: 'The run was canceled by its caller' });
    expect(requests).toHaveLength(0);
    expect(recorder.runs.runs).toEqual([expect.objectContaining({ status: 'failed', errorCode: 'canceled' })]);
    expect(meter.state).toEqual({ reserved: 1, released: 1 });
  });

  it('aborts the model call in progress when its caller cancels, and tries no other model', async () => {
    const { stages, recorder, requests, command } = setup();
    const controller = new AbortController();
    stages.failover.gateway.generate = async (request) => {
      requests.push(request);
      // The call is under way when the caller cancels; the provider's client then fails on the aborted signal.
      controller.abort();
      throw new UpstreamError('network', 'aborted');
    };
    await expect(runAgentPipeline(stages, { ...command, signal: controller.signal })).rejects.toMatchObject({ code: 'conflict' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.signal).toBe(controller.signal);
    expect(recorder.runs.runs).toEqual([expect.objectContaining({ status: 'failed', errorCode: 'canceled', model: 'groq/fast' })]);
  });
});
