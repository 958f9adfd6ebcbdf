import type { CircuitBreaker } from '../../ports/circuit-breaker.ts';
import type { Clock } from '../../ports/clock.ts';
import type { ModelGateway } from '../../ports/model-gateway.ts';
import type { RunRepository } from '../../ports/run-repository.ts';
import type { RunRecordability } from '../../ports/run-recordability.ts';
import { noTelemetry, type Telemetry } from '../../ports/telemetry.ts';
import type { ModelRouter, RoutingDecision } from '../routing/model-router.ts';
import { inferCategory } from '../routing/task-classifier.ts';
import type { SafetyPipeline } from '../safety/safety-pipeline.ts';
import type { AgentTool } from '../tools/agent-tool.ts';
import type { Agent, ApiSurface } from './agent.ts';
import type { AgentCatalog } from './agent-catalog.ts';
import type { ValidationIssue } from '../errors.ts';
import { agentTaskIssues, type AgentRunBody } from './agent-task.ts';
import { confirmationRequired } from './confirmation-required.ts';
import { acceptTask, findAgent, findFreeAgent } from './pipeline/resolve-stage.ts';
import { awaitsConfirmation, routeTask, type RoutingChoice } from './pipeline/route-stage.ts';
import { runAgentPipeline } from './pipeline/run-agent-pipeline.ts';
import type { RunAgentCommand } from './pipeline/run-command.ts';
import type { AgentRunnerOptions, RunPipelineDependencies } from './pipeline/run-pipeline-dependencies.ts';
import type { AgentRunSuccess } from './pipeline/run-result.ts';

export type { AttemptReport } from '../routing/failover.ts';
export type { SafetyReport } from './safety-refusals.ts';
export type { RunUsage } from './run-usage.ts';
export type { RunAgentCommand, StreamedDelta } from './pipeline/run-command.ts';
export type { AgentRunSuccess, RoutingReport } from './pipeline/run-result.ts';
export type { AgentRunnerOptions } from './pipeline/run-pipeline-dependencies.ts';
export { controlKeys } from './pipeline/unscanned-paths.ts';

/**
 * The one execution path for agent runs, whichever surface or trigger started them: the run itself goes
 * through the stages of runAgentPipeline; the runner looks agents up, previews routes and checks requests
 * the way a run would, and tracks runs in progress so that a shutdown can wait for them.
 */
export class AgentRunner {
  readonly #stages: RunPipelineDependencies;
  readonly #inFlight = new Set<Promise<AgentRunSuccess>>();

  constructor(dependencies: {
    catalog: AgentCatalog;
    router: ModelRouter;
    gateway: ModelGateway;
    breaker: CircuitBreaker;
    runs: RunRepository;
    /** Asked before any model call: a run that could not be recorded is refused instead of paid for. */
    recordability?: RunRecordability;
    safety: SafetyPipeline;
    tools: ReadonlyMap<string, AgentTool>;
    clock: Clock;
    options: AgentRunnerOptions;
    sleep?: (milliseconds: number) => Promise<void>;
    /** Told about every recorded run, model call and safety verdict. */
    telemetry?: Telemetry;
  }) {
    const sleep = dependencies.sleep ?? ((milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds)));
    this.#stages = {
      catalog: dependencies.catalog,
      router: dependencies.router,
      failover: { gateway: dependencies.gateway, breaker: dependencies.breaker, sleep },
      runs: dependencies.runs,
      recordability: dependencies.recordability,
      safety: dependencies.safety,
      tools: dependencies.tools,
      clock: dependencies.clock,
      options: dependencies.options,
      telemetry: dependencies.telemetry ?? noTelemetry,
    };
  }

  /** The agent a command names; 410 `gone` for a retired id, else 404 `agent_not_found` with every valid id for the surface. */
  findAgent(agentId: string, surface: ApiSurface): Agent {
    return findAgent(this.#stages.catalog, agentId, surface);
  }

  /**
   * What is wrong with the agent's part of a request (its fields, or a missing prompt), listed rather than
   * thrown; none for an agent that does not exist (that is a 404 of its own).
   */
  taskIssues(agentId: string, surface: ApiSurface, body: AgentRunBody): ValidationIssue[] {
    const agent = this.#stages.catalog.find(agentId, surface);
    return agent ? agentTaskIssues(agent, body) : [];
  }

  /** Agents anonymous callers may run, or 403 `agent_not_free` with the ones they may. */
  findFreeAgent(agentId: string): Agent {
    return findFreeAgent(this.#stages.catalog, agentId);
  }

  /** The routing decision for a prompt that names no agent: the category is read from the prompt. */
  routePrompt(prompt: string, choice: RoutingChoice): RoutingDecision {
    return this.#stages.router.route({ category: inferCategory(prompt), prompt, policy: choice.policy, planPolicy: choice.planPolicy, pinnedModel: choice.model, fallback: choice.fallback });
  }

  /** The routing decision a run of this agent on this task would get, without running anything. */
  route(agent: Agent, task: { prompt: string }, choice: RoutingChoice): RoutingDecision {
    return routeTask(this.#stages.router, agent, task, choice);
  }

  /**
   * What run() refuses before any work, checked without running: unknown agent (404), a body the agent
   * cannot run on (400), text longer than the safety screen reads (413), missing confirmation (400 with a preview). For runs accepted now and executed later,
   * where run() screens the input and routes again.
   */
  checkRequest(command: Pick<RunAgentCommand, 'agentId' | 'body' | 'planPolicy'> & { surface: ApiSurface }): Agent {
    const agent = this.findAgent(command.agentId, command.surface);
    const task = acceptTask(this.#stages.safety, agent, command.body);
    if (awaitsConfirmation(command, agent)) {
      throw confirmationRequired(agent, task, this.route(agent, task, { ...command.body, planPolicy: command.planPolicy }));
    }
    return agent;
  }

  /**
   * Runs one agent request to its end: answered and recorded, or refused with what it reserved given back.
   * The run is tracked until then, so a shutdown can wait for it (see whenIdle).
   */
  async run(command: RunAgentCommand): Promise<AgentRunSuccess> {
    const work = runAgentPipeline(this.#stages, command);
    this.#inFlight.add(work);
    try {
      return await work;
    } finally {
      this.#inFlight.delete(work);
    }
  }

  /**
   * Resolves once every run in progress has ended, or after `withinMs` (false then): a process that stops
   * waits for them before it closes the database, so a run whose caller went away is still recorded.
   */
  async whenIdle(withinMs: number): Promise<boolean> {
    if (this.#inFlight.size === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), withinMs);
    });
    const idle = (async () => {
      while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
      return true as const;
    })();
    try {
      return await Promise.race([idle, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }
}
