import type { UsageSnapshot } from '../../quotas/usage-meter.ts';
import type { AttemptReport, SkippedModel } from '../../routing/failover.ts';
import type { ModelDefinition } from '../../routing/model-definition.ts';
import type { RoutingDecision } from '../../routing/model-router.ts';
import type { Agent } from '../agent.ts';
import type { RunUsage } from '../run-usage.ts';
import type { SafetyReport } from '../safety-refusals.ts';

export interface RoutingReport {
  category: string;
  policy: string;
  chain: string[];
  reason: string;
  signals: RoutingDecision['signals'];
  /** Models of the chain not tried: open circuit, too small for the task, or out of time. */
  skipped?: SkippedModel[];
}

export interface AgentRunSuccess {
  runId: string;
  agent: Agent;
  /** The agent's output plus the model that produced it. */
  data: Record<string, unknown> & { model: string };
  model: ModelDefinition;
  attempts: AttemptReport[];
  routing: RoutingReport;
  usage: RunUsage;
  safety: SafetyReport;
  /** The caller's limit after this run. */
  quota: UsageSnapshot;
  responseTimeMs: number;
}

/** The routing decision as the caller sees it: model ids, and the models of the chain that were not tried. */
export function describeRouting(routing: RoutingDecision, skipped: SkippedModel[]): RoutingReport {
  return {
    category: routing.category,
    policy: routing.policy,
    chain: routing.chain.map((model) => model.id),
    reason: routing.reason,
    signals: routing.signals,
    ...(skipped.length > 0 ? { skipped } : {}),
  };
}
