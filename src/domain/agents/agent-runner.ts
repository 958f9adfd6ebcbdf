import { performance } from 'node:perf_hooks';
import type { Clock } from '../../ports/clock.ts';
import { UpstreamError, type ModelGateway } from '../../ports/model-gateway.ts';
import type { RunRepository } from '../../ports/run-repository.ts';
import { AppError } from '../errors.ts';
import { createId } from '../ids.ts';
import type { ModelDefinition } from '../routing/model-definition.ts';
import { priceUsage } from '../routing/model-registry.ts';
import type { ModelSelector, RoutingDecision } from '../routing/model-selector.ts';
import type { Agent, ApiSurface } from './agent.ts';
import type { AgentCatalog } from './agent-catalog.ts';
import { buildInstructions } from './agent-instructions.ts';
import { resolveAgentTask, type AgentRunBody, type AgentTask } from './agent-task.ts';

export interface RunAgentCommand {
  surface: ApiSurface;
  accountId: string;
  agentId: string;
  body: AgentRunBody;
  requestId: string;
}

export interface AttemptReport {
  model: string;
  provider: string;
  outcome: 'ok' | 'error';
  status?: number;
  error?: string;
  ms: number;
}

export interface RunUsage {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

export interface AgentRunSuccess {
  runId: string;
  agent: Agent;
  /** The agent's output plus the model that produced it. */
  data: Record<string, unknown> & { model: string };
  model: ModelDefinition;
  attempts: AttemptReport[];
  routing: { category: string; policy: string; chain: string[]; reason: string };
  usage: RunUsage;
  responseTimeMs: number;
}

export interface AgentRunnerOptions {
  upstreamTimeoutMs: number;
}

/** The one execution path for agent runs, whichever surface or trigger started them. */
export class AgentRunner {
  readonly #catalog: AgentCatalog;
  readonly #selector: ModelSelector;
  readonly #gateway: ModelGateway;
  readonly #runs: RunRepository;
  readonly #clock: Clock;
  readonly #options: AgentRunnerOptions;

  constructor(dependencies: {
    catalog: AgentCatalog;
    selector: ModelSelector;
    gateway: ModelGateway;
    runs: RunRepository;
    clock: Clock;
    options: AgentRunnerOptions;
  }) {
    this.#catalog = dependencies.catalog;
    this.#selector = dependencies.selector;
    this.#gateway = dependencies.gateway;
    this.#runs = dependencies.runs;
    this.#clock = dependencies.clock;
    this.#options = dependencies.options;
  }

  /** The agent a command names, or 404 `agent_not_found` with every valid id for the surface. */
  findAgent(agentId: string, surface: ApiSurface): Agent {
    const agent = this.#catalog.find(agentId, surface);
    if (!agent) {
      throw new AppError('agent_not_found', `Agent "${agentId}" does not exist`, { available: this.#catalog.ids(surface) });
    }
    return agent;
  }

  async run(command: RunAgentCommand): Promise<AgentRunSuccess> {
    const startedAt = performance.now();
    const agent = this.findAgent(command.agentId, command.surface);
    const task = resolveAgentTask(agent, command.body);
    const routing = this.#selector.select(agent);
    if (command.surface === 'api' && agent.requiresConfirmation && command.body.confirmed !== true) {
      throw confirmationRequired(agent, task, routing);
    }

    const runId = createId('run', this.#clock.now());
    const createdAt = this.#clock.now().toISOString();
    const instructions = buildInstructions(agent);
    const attempts: AttemptReport[] = [];

    for (const model of routing.chain) {
      const attemptStartedAt = performance.now();
      try {
        const result = await this.#gateway.generate({
          provider: model.provider,
          providerModelId: model.providerModelId,
          instructions,
          prompt: task.prompt,
          outputSchema: agent.output,
          timeoutMs: this.#options.upstreamTimeoutMs,
        });
        const validated = agent.outputValidator.safeParse(result.output);
        if (!validated.success) {
          throw new UpstreamError('invalid_output', `output does not match the agent's schema: ${validated.error.issues[0]?.message ?? 'invalid'}`, {
            retryable: true,
          });
        }
        attempts.push({ model: model.id, provider: model.provider, outcome: 'ok', ms: elapsed(attemptStartedAt) });
        const usage = { ...result.usage, costUsd: priceUsage(model, result.usage) };
        const data = { ...(validated.data as Record<string, unknown>), model: model.id };
        const responseTimeMs = elapsed(startedAt);
        await this.#runs.insert({
          id: runId,
          accountId: command.accountId,
          surface: command.surface,
          agent: agent.id,
          model: model.id,
          provider: model.provider,
          status: 'succeeded',
          errorCode: null,
          latencyMs: responseTimeMs,
          inputTokens: usage.inputTokens,
          outputTokens: usage.outputTokens,
          costUsd: usage.costUsd,
          output: JSON.stringify(data),
          requestId: command.requestId,
          createdAt,
          completedAt: this.#clock.now().toISOString(),
        });
        return { runId, agent, data, model, attempts, routing: describeRouting(routing), usage, responseTimeMs };
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        attempts.push({
          model: model.id,
          provider: model.provider,
          outcome: 'error',
          ...(error.status !== undefined ? { status: error.status } : {}),
          error: error.kind,
          ms: elapsed(attemptStartedAt),
        });
        if (!error.retryable) {
          await this.#recordFailure(command, agent, runId, createdAt, startedAt, model, 'agent_failed');
          throw new AppError('agent_failed', `The agent could not run: the model rejected the request (${error.kind})`, { runId, attempts });
        }
      }
    }

    const lastModel = routing.chain.at(-1);
    await this.#recordFailure(command, agent, runId, createdAt, startedAt, lastModel, 'upstream_unavailable');
    throw new AppError('upstream_unavailable', 'Every model in the failover chain failed; retry with exponential backoff', { runId, attempts }, 5);
  }

  async #recordFailure(
    command: RunAgentCommand,
    agent: Agent,
    runId: string,
    createdAt: string,
    startedAt: number,
    model: ModelDefinition | undefined,
    errorCode: string,
  ): Promise<void> {
    await this.#runs.insert({
      id: runId,
      accountId: command.accountId,
      surface: command.surface,
      agent: agent.id,
      model: model?.id ?? null,
      provider: model?.provider ?? null,
      status: 'failed',
      errorCode,
      latencyMs: elapsed(startedAt),
      inputTokens: 0,
      outputTokens: 0,
      costUsd: 0,
      output: null,
      requestId: command.requestId,
      createdAt,
      completedAt: this.#clock.now().toISOString(),
    });
  }
}

function confirmationRequired(agent: Agent, task: AgentTask, routing: RoutingDecision): AppError {
  const model = routing.chain[0];
  return new AppError('confirmation_required', `Agent "${agent.id}" needs confirmed: true to run`, {
    preview: {
      agent: agent.id,
      name: agent.name,
      description: agent.description,
      readOnly: agent.readOnly,
      model: model?.id,
      provider: model?.provider,
      task: task.prompt.length > 500 ? `${task.prompt.slice(0, 500)}…` : task.prompt,
      fields: Object.keys(task.fields),
      next: 'Send the same request with "confirmed": true to run it.',
    },
  });
}

function describeRouting(routing: RoutingDecision): AgentRunSuccess['routing'] {
  return { category: routing.category, policy: routing.policy, chain: routing.chain.map((model) => model.id), reason: routing.reason };
}

function elapsed(since: number): number {
  return Math.round((performance.now() - since) * 10) / 10;
}
