import type { Agent } from '../../src/domain/agents/agent.ts';
import { RunEnded } from '../../src/domain/agents/pipeline/run-ending.ts';
import type { RunInProgress } from '../../src/domain/agents/pipeline/run-in-progress.ts';
import type { RunRecorder } from '../../src/domain/agents/pipeline/record-stage.ts';
import type { MeterReservation, UsageMeter } from '../../src/domain/quotas/usage-meter.ts';
import type { ModelDefinition } from '../../src/domain/routing/model-definition.ts';
import type { RoutingDecision } from '../../src/domain/routing/model-router.ts';
import type { LayerReport, SafetyStage, SafetyVerdict } from '../../src/domain/safety/safety-layer.ts';
import { fixtureCatalog, fixtureRegistry } from './agent-fixtures.ts';
import { InMemoryRunRepository } from './in-memory-repositories.ts';
import { RecordingTelemetry } from './recording-telemetry.ts';

/** A recorder that keeps what the stages store and report, on a clock that stands still. */
export function stageRecorder(): RunRecorder & { runs: InMemoryRunRepository; telemetry: RecordingTelemetry } {
  return { runs: new InMemoryRunRepository(), telemetry: new RecordingTelemetry(), clock: { now: () => new Date('2026-06-01T12:00:00.000Z') } };
}

/** An agent of the fixture catalog. */
export function fixtureAgent(id: 'summarize' | 'finder' = 'summarize'): Agent {
  const agent = fixtureCatalog().find(id);
  if (!agent) throw new Error(`no fixture agent ${id}`);
  return agent;
}

/** A model of the fixture registry. */
export function fixtureModel(id: string): ModelDefinition {
  const model = fixtureRegistry().find(id);
  if (!model) throw new Error(`no fixture model ${id}`);
  return model;
}

/** A routing decision over fixture models, in the order given. */
export function fixtureRouting(...modelIds: string[]): RoutingDecision {
  return { category: 'summarization', policy: 'balanced', chain: modelIds.map(fixtureModel), reason: 'test', signals: { code: false, math: false, nonEnglish: false, longInput: false }, estimatedInputTokens: 10, excluded: [] };
}

/** A reservation that counts what it was given back and, when asked, settles by the record. */
export function fakeReservation(options: { settles?: boolean; releaseFails?: boolean } = {}) {
  const state = { released: 0, settled: [] as number[] };
  const reservation: MeterReservation = {
    snapshot: { plan: 'test', limit: 10, used: 1, remaining: 9, resetAt: new Date(0), windowSeconds: 86_400 },
    release: async () => {
      state.released += 1;
      if (options.releaseFails) throw new Error('ledger down');
    },
    ...(options.settles
      ? {
          settle: (keptUnits: number) => {
            state.settled.push(keptUnits);
            return { holdId: 'hold_1', counterKey: 'day', keptUnits, counterExpiresAt: '2026-06-02T00:00:00.000Z' };
          },
        }
      : {}),
  };
  return { reservation, state };
}

/** A run of the summarizer, admitted on a paid plan's meter, with nothing done yet. */
export function stageRun(overrides: Partial<RunInProgress> = {}): RunInProgress {
  const meter: UsageMeter = { countsFailuresFrom: 'answered', reserve: async () => fakeReservation().reservation, snapshot: async () => fakeReservation().reservation.snapshot };
  return {
    command: { surface: 'api', accountId: 'u1', agentId: 'summarize', body: { prompt: 'Summarise this.' }, requestId: 'req_1', meter },
    agent: fixtureAgent(),
    task: { prompt: 'Summarise this.', fields: {}, userPrompt: 'Summarise this.' },
    runId: 'run_1',
    createdAt: '2026-06-01T12:00:00.000Z',
    startedAt: 0,
    reports: [],
    progress: 'none',
    calls: [],
    reservation: fakeReservation().reservation,
    recorded: false,
    ...overrides,
  };
}

/** One layer's report, with nothing found unless the verdict says so. */
export function layerReport(layer: LayerReport['layer'], verdict: SafetyVerdict = 'pass', stage: SafetyStage = 'input'): LayerReport {
  return { layer, stage, verdict, score: verdict === 'pass' ? 0 : 0.9, categories: [], ms: 1 };
}

/** The RunEnded a stage ended the run with; fails the test when it ended otherwise, or not at all. */
export async function endedRun(work: Promise<unknown>): Promise<RunEnded> {
  const thrown = await work.then(() => undefined, (error: unknown) => error);
  if (!(thrown instanceof RunEnded)) throw new Error(`expected the run to end with RunEnded, got ${String(thrown)}`);
  return thrown;
}
