import type { Sampling } from '../../../ports/model-gateway.ts';
import type { UsageMeter, UsageSnapshot } from '../../quotas/usage-meter.ts';
import type { ModelDefinition } from '../../routing/model-definition.ts';
import type { LayerSettings } from '../../safety/policy-precedence.ts';
import type { RoutingPolicy } from '../../routing/routing-policy.ts';
import type { Agent, RunSurface } from '../agent.ts';
import type { AgentRunBody } from '../agent-task.ts';
import type { ToolData } from '../tool-data-prompt.ts';
import type { RunUsage } from '../run-usage.ts';
import type { RoutingReport } from './run-result.ts';

export interface RunAgentCommand {
  surface: RunSurface;
  /** null for anonymous (free-tier) runs. */
  accountId: string | null;
  /** For anonymous runs: who they belong to for tools that keep state (conversations); never stored in runs. */
  anonymousOwner?: string;
  agentId: string;
  /**
   * A built-in agent to run instead of a catalog entry (the chat task of the OpenAI-compatible surface);
   * `agentId` is then its id. Everything else about the run is the same.
   */
  builtInAgent?: Agent | undefined;
  /** The caller's sampling settings (temperature, output tokens), given to every model the run calls. */
  sampling?: Sampling | undefined;
  body: AgentRunBody;
  /**
   * Text the caller's own tools returned (the tool results of a chat completion's conversation): untrusted
   * data, screened with what the agent's tools gather and shown to the model in data blocks after the task.
   */
  suppliedData?: readonly ToolData[] | undefined;
  requestId: string;
  /** The durable run (a playbook run, or an agent run a trigger started) this execution is a step of. */
  parentRunId?: string | undefined;
  /** Counts the run against the caller's limit: successful runs, and failed ones that got as far as the meter says. */
  meter: UsageMeter;
  /** The caller's plan's routing policy, when it sets one. */
  planPolicy?: RoutingPolicy | undefined;
  /** The layer modes and thresholds the caller's plan sets, when it sets any (see SafetyPipeline.policyFor). */
  planSafety?: LayerSettings | undefined;
  /**
   * The caller gave up on the run (an MCP client canceled its call): the run stops before its next stage, a
   * model call in progress is aborted, and the run is stored as failed with `canceled`.
   */
  signal?: AbortSignal | undefined;
  /** Streams the model's answer as it arrives: each piece of text, with the run and model it belongs to. */
  onDelta?: (delta: StreamedDelta) => void;
  /**
   * Given the run's final answer once every check passed, before the run is recorded, so that it is kept
   * before anything else can fail. False: the answer is no longer wanted (the work was handed to someone
   * else); the run is then recorded as failed (`answer_discarded`, its model calls paid for) and refused with
   * 409 `conflict`. A throw fails the run.
   */
  onAnswer?: (answer: { runId: string; data: Record<string, unknown>; model: string; provider: string; usage: RunUsage }) => Promise<boolean>;
}

export interface StreamedDelta {
  runId: string;
  agentId: string;
  model: ModelDefinition;
  text: string;
  routing: RoutingReport;
  quota: UsageSnapshot;
}
