import { UpstreamError, type GenerationRequest, type GenerationResult, type ModelGateway } from '../../src/ports/model-gateway.ts';
import type { RunRecordability } from '../../src/ports/run-recordability.ts';
import { AppError } from '../../src/domain/errors.ts';
import { ModelRouter } from '../../src/domain/routing/model-router.ts';
import type { AgentCatalog } from '../../src/domain/agents/agent-catalog.ts';
import { AgentRunner } from '../../src/domain/agents/agent-runner.ts';
import type { UsageMeter } from '../../src/domain/quotas/usage-meter.ts';
import type { SafetyPipeline } from '../../src/domain/safety/safety-pipeline.ts';
import type { AgentTool } from '../../src/domain/tools/agent-tool.ts';
import { fixtureCatalog, fixtureRegistry } from './agent-fixtures.ts';
import { ScriptedCircuitBreaker } from './fake-circuit-breaker.ts';
import { InMemoryRunRepository } from './in-memory-repositories.ts';
import { RecordingTelemetry } from './recording-telemetry.ts';
import { testSafetyPipeline } from './safety-fixtures.ts';

/** What the fake gateway answers for one request: output and usage, or a failure. */
export type Answer = (request: GenerationRequest) => Omit<GenerationResult, 'text'> | UpstreamError;

export function setupRunner(providers: string[], answer: Answer, catalog: AgentCatalog = fixtureCatalog(), tools: ReadonlyMap<string, AgentTool> = new Map(), safety: (help: { gateway: ModelGateway; breaker: ScriptedCircuitBreaker; router: ModelRouter }) => SafetyPipeline = () => testSafetyPipeline(), more: { recordability?: RunRecordability } = {}) {
  const calls: GenerationRequest[] = [];
  const gateway: ModelGateway = {
    configuredProviders: () => new Set(providers),
    generate: async (request) => {
      calls.push(request);
      const result = answer(request);
      if (result instanceof UpstreamError) throw result;
      return { ...result, text: JSON.stringify(result.output) };
    },
  };
  const runs = new InMemoryRunRepository();
  const meter = countingMeter();
  const breaker = new ScriptedCircuitBreaker();
  const router = new ModelRouter(fixtureRegistry(), gateway.configuredProviders(), breaker);
  const telemetry = new RecordingTelemetry();
  const runner = new AgentRunner({
    catalog,
    router,
    gateway,
    breaker,
    runs,
    safety: safety({ gateway, breaker, router }),
    tools,
    clock: { now: () => new Date('2026-06-01T12:00:00.000Z') },
    options: { upstreamTimeoutMs: 1000, upstreamDeadlineMs: 5000 },
    sleep: async () => undefined,
    telemetry,
    ...more,
  });
  return { runner, runs, calls, meter, breaker, telemetry };
}

/** A meter that records what a run reserved and gave back; by default a paid plan's (failures count once a model answered). */
export function countingMeter(options: { countsFailuresFrom?: UsageMeter['countsFailuresFrom'] } = {}) {
  const state = { reserved: 0, released: 0 };
  const snapshot = { plan: 'test', limit: 10, used: 0, remaining: 10, resetAt: new Date(0), windowSeconds: 86_400 };
  const meter: UsageMeter = {
    countsFailuresFrom: options.countsFailuresFrom ?? 'answered',
    async reserve() {
      state.reserved += 1;
      return { snapshot, release: async () => void (state.released += 1) };
    },
    snapshot: async () => snapshot,
  };
  return { meter, state };
}

export const summary: Answer = () => ({ output: { summary: 'Short.', points: ['a'] }, usage: { inputTokens: 1000, outputTokens: 500 } });

export async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the run to fail');
}

