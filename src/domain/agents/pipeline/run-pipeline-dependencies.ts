import type { Clock } from '../../../ports/clock.ts';
import type { RunRepository } from '../../../ports/run-repository.ts';
import type { RunRecordability } from '../../../ports/run-recordability.ts';
import type { Telemetry } from '../../../ports/telemetry.ts';
import type { FailoverDependencies } from '../../routing/failover.ts';
import type { ModelRouter } from '../../routing/model-router.ts';
import type { SafetyPipeline } from '../../safety/safety-pipeline.ts';
import type { AgentTool } from '../../tools/agent-tool.ts';
import type { AgentCatalog } from '../agent-catalog.ts';

export interface AgentRunnerOptions {
  /** Each model call's limit. */
  upstreamTimeoutMs: number;
  /** The whole failover chain's limit. */
  upstreamDeadlineMs: number;
}

/**
 * What the run stages work with, gathered once when the runner is built so that a run allocates none of
 * it. Each stage names the part it reads, so that its tests give it that part alone.
 */
export interface RunPipelineDependencies {
  catalog: AgentCatalog;
  router: Pick<ModelRouter, 'route'>;
  /** What every failover run calls models with. */
  failover: FailoverDependencies;
  runs: RunRepository;
  /** Asked before any model call: a run that could not be recorded is refused instead of paid for. */
  recordability: RunRecordability | undefined;
  safety: SafetyPipeline;
  tools: ReadonlyMap<string, AgentTool>;
  clock: Clock;
  options: AgentRunnerOptions;
  /** Told about every recorded run, model call and safety verdict. */
  telemetry: Telemetry;
}
