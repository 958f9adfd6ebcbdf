import { performance } from 'node:perf_hooks';
import type { CircuitBreaker } from '../../ports/circuit-breaker.ts';
import type { Clock } from '../../ports/clock.ts';
import type { ModelGateway } from '../../ports/model-gateway.ts';
import type { RunRecord, RunRepository } from '../../ports/run-repository.ts';
import type { RunRecordability } from '../../ports/run-recordability.ts';
import { noTelemetry, type Telemetry } from '../../ports/telemetry.ts';
import { anonymousAccountId } from '../accounts/account-id.ts';
import { DatabaseUnavailableError } from '../database-unavailable.ts';
import { AppError } from '../errors.ts';
import { createId } from '../ids.ts';
import { furthest, spentUnit, type MeterReservation, type RunProgress, type UsageMeter, type UsageSnapshot } from '../quotas/usage-meter.ts';
import { elapsedMs, runFailover, type AttemptReport, type BilledCall, type SkippedModel } from '../routing/failover.ts';
import type { ModelDefinition } from '../routing/model-definition.ts';
import type { ModelRouter, RoutingDecision } from '../routing/model-router.ts';
import type { RoutingPolicy } from '../routing/routing-policy.ts';
import { inferCategory } from '../routing/task-classifier.ts';
import type { LayerReport } from '../safety/safety-layer.ts';
import type { SafetyPipeline } from '../safety/safety-pipeline.ts';
import { dataBlockRule } from '../safety/data-blocks.ts';
import type { AgentTool, ToolContext, ToolPreparation } from '../tools/agent-tool.ts';
import { isFreeAgent, type Agent, type ApiSurface, type RunSurface } from './agent.ts';
import type { AgentCatalog } from './agent-catalog.ts';
import { buildInstructions } from './agent-instructions.ts';
import { confirmationRequired } from './confirmation-required.ts';
import { resolveAgentTask, type AgentRunBody, type AgentTask } from './agent-task.ts';
import { betterCandidate, modelsAfter, regenerationReason, type OutputCandidate } from './output-candidate.ts';
import { outputBlocked, safetyBlocked, toolTextBlocked, type SafetyReport } from './safety-refusals.ts';
import { totalUsage, type RunUsage } from './run-usage.ts';
import { withToolData, type ToolData } from './tool-data-prompt.ts';

export type { AttemptReport } from '../routing/failover.ts';
export type { SafetyReport } from './safety-refusals.ts';
export type { RunUsage } from './run-usage.ts';

export interface RunAgentCommand {
  surface: RunSurface;
  /** null for anonymous (free-tier) runs. */
  accountId: string | null;
  /** For anonymous runs: who they belong to for tools that keep state (conversations); never stored in runs. */
  anonymousOwner?: string;
  agentId: string;
  body: AgentRunBody;
  requestId: string;
  /** Counts the run against the caller's limit: successful runs, and failed ones that got as far as the meter says. */
  meter: UsageMeter;
  /** The caller's plan's routing policy, when it sets one. */
  planPolicy?: RoutingPolicy | undefined;
  /** Streams the model's answer as it arrives: each piece of text, with the run and model it belongs to. */
  onDelta?: (delta: StreamedDelta) => void;
  /**
   * Given the run's final answer once every check passed, before the run is recorded, so that it is kept
   * before anything else can fail. False: the answer is no longer wanted (the work was handed to someone
   * else); the run is then recorded as failed (`answer_discarded`, its model calls paid for) and refused with
   * 409 `conflict`. A throw fails the run.
   */
  onAnswer?: (answer: { runId: string; data: Record<string, unknown>; model: string }) => Promise<boolean>;
}

export interface StreamedDelta {
  runId: string;
  agentId: string;
  model: ModelDefinition;
  text: string;
  routing: RoutingReport;
  quota: UsageSnapshot;
}

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

export interface AgentRunnerOptions {
  /** Each model call's limit. */
  upstreamTimeoutMs: number;
  /** The whole failover chain's limit. */
  upstreamDeadlineMs: number;
}

interface RunInProgress {
  command: RunAgentCommand;
  agent: Agent;
  runId: string;
  createdAt: string;
  startedAt: number;
  /** What the input layers reported, then the layers that screened what tools fetched. */
  reports: LayerReport[];
  /** How far the run got: whether a failure still spent its unit. */
  progress: RunProgress;
  /** Every model call that answered so far, billed whatever became of its output. */
  calls: BilledCall[];
  /** The units reserved for the run; settled by its record when the meter settles that way. */
  reservation?: MeterReservation;
  /** Whether the run's record is stored. */
  recorded: boolean;
}

/** Request keys that steer the run rather than describe the task: no model ever sees them. */
export const controlKeys = ['model', 'policy', 'stream', 'confirmed', 'fallback'];

const unscanned = new WeakMap<Agent, ReadonlySet<string>>();

/** What the input layers skip for an agent: control keys, and the fields only its tools read, wherever sent. */
function unscannedPaths(agent: Agent): ReadonlySet<string> {
  let paths = unscanned.get(agent);
  if (!paths) {
    paths = new Set([...controlKeys, ...agent.privateFields, ...agent.privateFields.map((field) => `input.${field}`)]);
    unscanned.set(agent, paths);
  }
  return paths;
}

/** The one execution path for agent runs, whichever surface or trigger started them. */
export class AgentRunner {
  readonly #catalog: AgentCatalog;
  readonly #router: ModelRouter;
  readonly #gateway: ModelGateway;
  readonly #breaker: CircuitBreaker;
  readonly #runs: RunRepository;
  readonly #recordability: RunRecordability | undefined;
  readonly #safety: SafetyPipeline;
  readonly #tools: ReadonlyMap<string, AgentTool>;
  readonly #clock: Clock;
  readonly #options: AgentRunnerOptions;
  readonly #sleep: (milliseconds: number) => Promise<void>;
  readonly #telemetry: Telemetry;
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
    this.#catalog = dependencies.catalog;
    this.#router = dependencies.router;
    this.#gateway = dependencies.gateway;
    this.#breaker = dependencies.breaker;
    this.#runs = dependencies.runs;
    this.#recordability = dependencies.recordability;
    this.#safety = dependencies.safety;
    this.#tools = dependencies.tools;
    this.#clock = dependencies.clock;
    this.#options = dependencies.options;
    this.#sleep = dependencies.sleep ?? ((milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds)));
    this.#telemetry = dependencies.telemetry ?? noTelemetry;
  }

  /** The agent a command names, or 404 `agent_not_found` with every valid id for the surface. */
  findAgent(agentId: string, surface: ApiSurface): Agent {
    const agent = this.#catalog.find(agentId, surface);
    if (!agent) {
      throw new AppError('agent_not_found', `Agent "${agentId}" does not exist`, { available: this.#catalog.ids(surface) });
    }
    return agent;
  }

  /** Agents anonymous callers may run, or 403 `agent_not_free` with the ones they may. */
  findFreeAgent(agentId: string): Agent {
    const agent = this.findAgent(agentId, 'api');
    if (!isFreeAgent(agent)) {
      throw new AppError('agent_not_free', `Agent "${agent.id}" is not available without an API key`, { available: this.#catalog.ids('free') });
    }
    return agent;
  }

  /** The routing decision for a prompt that names no agent: the category is read from the prompt. */
  routePrompt(prompt: string, choice: { policy?: RoutingPolicy | undefined; planPolicy?: RoutingPolicy | undefined; model?: string | undefined; fallback?: boolean | undefined }): RoutingDecision {
    return this.#router.route({ category: inferCategory(prompt), prompt, policy: choice.policy, planPolicy: choice.planPolicy, pinnedModel: choice.model, fallback: choice.fallback });
  }

  /** The routing decision a run of this agent on this task would get, without running anything. */
  route(agent: Agent, task: { prompt: string }, choice: { policy?: RoutingPolicy | undefined; planPolicy?: RoutingPolicy | undefined; model?: string | undefined; fallback?: boolean | undefined }): RoutingDecision {
    return this.#router.route({
      category: agent.taskCategory,
      prompt: task.prompt,
      overheadCharacters: buildInstructions(agent).length,
      policy: choice.policy,
      planPolicy: choice.planPolicy,
      pinnedModel: choice.model,
      fallback: choice.fallback,
    });
  }

  /**
   * What run() refuses before any work, checked without running: unknown agent (404), a body the agent
   * cannot run on (400), text longer than the safety screen reads (413), missing confirmation (400 with a preview). For runs accepted now and executed later,
   * where run() screens the input and routes again.
   */
  checkRequest(command: Pick<RunAgentCommand, 'agentId' | 'body' | 'planPolicy'> & { surface: ApiSurface }): Agent {
    const agent = this.findAgent(command.agentId, command.surface);
    const task = resolveAgentTask(agent, command.body);
    this.#safety.checkInputSize(command.body, unscannedPaths(agent));
    if (command.surface === 'api' && agent.requiresConfirmation && command.body.confirmed !== true) {
      throw confirmationRequired(agent, task, this.route(agent, task, { ...command.body, planPolicy: command.planPolicy }));
    }
    return agent;
  }

  /**
   * Runs one agent request to its end: answered and recorded, or refused with what it reserved given back.
   * The run is tracked until then, so a shutdown can wait for it (see whenIdle).
   */
  async run(command: RunAgentCommand): Promise<AgentRunSuccess> {
    const work = this.#run(command);
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

  async #run(command: RunAgentCommand): Promise<AgentRunSuccess> {
    const startedAt = performance.now();
    const agent = command.surface === 'free' ? this.findFreeAgent(command.agentId) : this.findAgent(command.agentId, command.surface);
    // Invalid requests are refused before anything is screened or recorded.
    const task = resolveAgentTask(agent, command.body);
    // As is text longer than the safety layers read (413), before the quota is touched.
    this.#safety.checkInputSize(command.body, unscannedPaths(agent));
    const run: RunInProgress = { command, agent, runId: createId('run', this.#clock.now()), createdAt: this.#clock.now().toISOString(), startedAt, reports: [], progress: 'none', calls: [], recorded: false };

    // Counted before anything costly, the safety layers included: a caller whose limit is used up gets 429
    // at once. Given back below when the run fails before it spent anything (see UsageMeter).
    const reservation = await command.meter.reserve();
    run.reservation = reservation;
    try {
      return await this.#screenAndExecute(run, task, reservation);
    } catch (error) {
      // A record settles what it kept; a run that could not be recorded gives its unit back, so usage always
      // matches the stored runs. A release that fails leaves the hold to expire, which gives it back too.
      const giveBack = reservation.settle ? !run.recorded : !spentUnit(command.meter, run.progress);
      if (giveBack) await reservation.release().catch(() => undefined);
      throw error instanceof AppError ? await this.#withoutPii(error, agent) : error;
    }
  }

  async #screenAndExecute(run: RunInProgress, requestTask: AgentTask, reservation: MeterReservation): Promise<AgentRunSuccess> {
    // With the database known not to answer, no model is called for a run that could not be recorded.
    if (this.#recordability && !(await this.#recordability.recordable())) throw new DatabaseUnavailableError();
    const { command, agent } = run;
    let task = requestTask;
    // Layers 1-3 before any model call; a refusal is recorded but never counted against the quota.
    const screening = await this.#safety.screenInput(command.body, agent.safetyPolicy, unscannedPaths(agent));
    run.reports = screening.reports;
    if (screening.blocked) {
      await this.#record(run, undefined, { status: 'blocked', errorCode: 'safety_blocked' });
      throw safetyBlocked(screening.blocked, screening.reports, run.runId);
    }
    if (screening.value !== command.body) task = resolveAgentTask(agent, screening.value);

    const routing = this.route(agent, task, { ...command.body, planPolicy: command.planPolicy });
    if (command.surface === 'api' && agent.requiresConfirmation && command.body.confirmed !== true) {
      throw confirmationRequired(agent, task, routing);
    }
    return this.#execute(run, task, routing, reservation);
  }

  async #execute(run: RunInProgress, task: AgentTask, routing: RoutingDecision, reservation: MeterReservation): Promise<AgentRunSuccess> {
    const { command, agent } = run;
    const tools = agent.tools.map((name) => this.#tool(name));
    const toolContext: ToolContext = {
      agentId: agent.id,
      accountId: command.accountId ?? anonymousAccountId(command.anonymousOwner),
      surface: command.surface === 'v1' ? 'v1' : 'api',
      prompt: task.userPrompt,
      fields: task.fields,
      onOutbound: () => {
        run.progress = furthest(run.progress, 'outbound');
      },
    };
    // Tools gather facts first; an AppError here refuses the request before anything runs or is recorded.
    const preparations: ToolPreparation[] = [];
    for (const tool of tools) preparations.push(tool.prepare ? await tool.prepare(toolContext) : {});

    // What tools brought in from outside is untrusted data: screened, then shown to the model in data blocks.
    const gathered = await this.#screenToolData(run, tools, preparations);

    const onDelta = command.onDelta;
    const generationStartedAt = performance.now();
    const generation = {
      instructions: gathered.length > 0 ? `${buildInstructions(agent)}\n\n${dataBlockRule}` : buildInstructions(agent),
      prompt: withToolData(task.prompt, gathered),
      outputSchema: agent.output,
      outputValidator: agent.outputValidator,
      attemptTimeoutMs: this.#options.upstreamTimeoutMs,
    };
    const failover = { gateway: this.#gateway, breaker: this.#breaker, sleep: this.#sleep };
    run.progress = furthest(run.progress, 'outbound');
    const result = await runFailover(failover, routing.chain, {
      ...generation,
      deadlineMs: this.#options.upstreamDeadlineMs,
      ...(onDelta
        ? { onDelta: (model: ModelDefinition, text: string) => onDelta({ runId: run.runId, agentId: agent.id, model, text, routing: describeRouting(routing, []), quota: reservation.snapshot }) }
        : {}),
    });
    this.#reportAttempts(result.attempts);
    run.calls.push(...result.calls);
    const report = describeRouting(routing, result.skipped);

    if (!result.ok) {
      if (result.stoppedBy) {
        await this.#recordFailure(run, result.lastModel, 'agent_failed');
        throw new AppError('agent_failed', `The agent could not run: ${result.stoppedBy.kind === 'interrupted' ? 'the model stopped mid-answer' : `the model rejected the request (${result.stoppedBy.kind})`}`, {
          runId: run.runId,
          attempts: result.attempts,
        });
      }
      await this.#recordFailure(run, result.lastModel, 'upstream_unavailable');
      throw new AppError(
        'upstream_unavailable',
        'Every model in the failover chain failed; retry with exponential backoff',
        { runId: run.runId, attempts: result.attempts, routing: report },
        { retryAfterSeconds: 5 },
      );
    }

    run.progress = 'answered';
    // Layers 2-4 on the answer; a blocked or weak one is generated again on the next model (not once the
    // answer has been streamed: what the caller has seen cannot be replaced).
    const attempts = [...result.attempts];
    const candidates: OutputCandidate[] = [];
    let chosen = await this.#candidate(agent, task, result.model, result.output);
    candidates.push(chosen);
    const reason = regenerationReason(chosen);
    const remainingMs = this.#options.upstreamDeadlineMs - (performance.now() - generationStartedAt);
    const nextModels = modelsAfter(routing.chain, result.model);
    if (reason && !onDelta && nextModels.length > 0 && remainingMs > 0) {
      const second = await runFailover(failover, nextModels, { ...generation, deadlineMs: remainingMs });
      this.#reportAttempts(second.attempts);
      attempts.push(...second.attempts);
      run.calls.push(...second.calls);
      if (second.ok) {
        const candidate = await this.#candidate(agent, task, second.model, second.output);
        candidates.push(candidate);
        chosen = betterCandidate(chosen, candidate);
      }
    }
    const regenerated = candidates.length > 1 ? reason : undefined;
    const outputReports = [...chosen.screening.reports, chosen.quality.report];
    if (chosen.screening.blocked) {
      await this.#record(run, chosen.model, { status: 'blocked', errorCode: 'output_blocked', layers: [...run.reports, ...outputReports] });
      throw outputBlocked(chosen.screening.blocked, [...run.reports, ...outputReports], run.runId);
    }

    let output = chosen.screening.value;
    try {
      for (const [index, tool] of tools.entries()) {
        if (tool.finish) output = await tool.finish(output, toolContext, preparations[index]?.state);
      }
      // Tools add text from outside (a page's title, search results): what the caller gets and what is stored
      // hold PII as the model's own answer does.
      if (tools.some((tool) => tool.finish)) output = (await this.#safety.screenPii(output, agent.safetyPolicy, 'output')).value;
      const checked = agent.publicOutputValidator.safeParse(output);
      if (!checked.success) throw new Error(`tool output breaks the schema of ${agent.id}: ${checked.error.message}`);
    } catch (error) {
      await this.#recordFailure(run, chosen.model, 'agent_failed', [...run.reports, ...outputReports]);
      if (error instanceof AppError) throw error;
      throw new AppError('agent_failed', 'The agent failed while processing the model output', { runId: run.runId }, { cause: error });
    }

    // Layer 5: a model other than the producer reviews what the caller will get.
    const critic = await this.#safety.review({
      agentName: agent.name,
      task: task.prompt,
      output,
      producer: chosen.model,
      reviewers: routing.chain,
      evidence: { quality: chosen.quality.quality, contentPassed: chosen.screening.reports.every((layer) => layer.layer !== 'content' || layer.verdict === 'pass') },
    });
    if (critic.verdict.usage) run.calls.push({ model: critic.verdict.usage.model, usage: critic.verdict.usage.tokens });
    const usage = totalUsage(run.calls);
    const layers = [...run.reports, ...outputReports, critic.report];
    const safety: SafetyReport = { passed: layers.every((layer) => layer.verdict !== 'block'), layers, ...(regenerated ? { regenerated } : {}) };

    const data = { ...output, model: chosen.model.id };
    const responseTimeMs = elapsedMs(run.startedAt);
    if ((await run.command.onAnswer?.({ runId: run.runId, data, model: chosen.model.id })) === false) {
      await this.#recordFailure(run, chosen.model, 'answer_discarded', layers);
      throw new AppError('conflict', 'The answer came after its work was handed over; it was discarded', { runId: run.runId });
    }
    await this.#record(run, chosen.model, { status: 'succeeded', errorCode: null, usage, output: JSON.stringify(data), layers });
    return {
      runId: run.runId,
      agent,
      data,
      model: chosen.model,
      attempts,
      routing: report,
      usage,
      safety,
      quota: reservation.snapshot,
      responseTimeMs,
    };
  }

  /**
   * The text tools gathered, through the jailbreak and PII layers (stage `tool`): passages carrying
   * instructions removed (or the run refused, per the agent's policy), PII redacted per the policy.
   */
  async #screenToolData(run: RunInProgress, tools: readonly AgentTool[], preparations: readonly ToolPreparation[]): Promise<ToolData[]> {
    const gathered = tools.flatMap((tool, index) => {
      const context = preparations[index]?.context;
      return context ? [{ source: tool.name, description: tool.description, text: context }] : [];
    });
    if (gathered.length === 0) return [];
    const screening = await this.#safety.screenToolText(gathered, run.agent.safetyPolicy);
    run.reports.push(...screening.reports);
    if (screening.blocked) {
      await this.#record(run, undefined, { status: 'blocked', errorCode: 'safety_blocked' });
      throw toolTextBlocked(screening.blocked, run.reports, run.runId);
    }
    return gathered.map((entry, index) => ({ ...entry, text: screening.texts[index] ?? '' }));
  }

  /** One model's answer through the output layers: PII and content screening, then the quality score. */
  async #candidate(agent: Agent, task: AgentTask, model: ModelDefinition, output: Record<string, unknown>): Promise<OutputCandidate> {
    const screening = await this.#safety.screenOutput(output, agent.safetyPolicy);
    // The failover already checked the model's answer against the schema; only a redacted copy needs checking again.
    const schemaValid = screening.value === output || agent.outputValidator.safeParse(screening.value).success;
    const quality = this.#safety.assessQuality({ output: screening.value, prompt: task.prompt, schemaValid }, agent.safetyPolicy);
    return { model, screening, quality };
  }

  /**
   * The error as the caller gets it and as runs store it: a message or details that echo the request (a
   * field only a tool reads, an address that could not be fetched) hold PII as a model would see it.
   */
  async #withoutPii(error: AppError, agent: Agent): Promise<AppError> {
    const original = { message: error.message, details: error.details };
    const screened = await this.#safety.screenPii(original, agent.safetyPolicy, 'output');
    if (screened.value === original) return error;
    return new AppError(error.code, screened.value.message, { ...screened.value.details }, { retryAfterSeconds: error.retryAfterSeconds, cause: error.cause });
  }

  #tool(name: string): AgentTool {
    const tool = this.#tools.get(name);
    // The catalog refuses agents that name unknown tools, so this is a wiring mistake, not a request error.
    if (!tool) throw new Error(`Tool "${name}" is in the catalog but was not provided to the runner`);
    return tool;
  }

  async #recordFailure(run: RunInProgress, model: ModelDefinition | undefined, errorCode: string, layers?: readonly LayerReport[]): Promise<void> {
    await this.#record(run, model, { status: 'failed', errorCode, ...(layers ? { layers } : {}) });
  }

  /**
   * Stores a finished run and reports it, with the verdicts of the layers it went through (by default the
   * input layers: a run that failed or was blocked before its output was screened) and, whatever the
   * outcome, the tokens and cost of every model call that answered.
   */
  async #record(
    run: RunInProgress,
    model: ModelDefinition | undefined,
    outcome: { status: Exclude<RunRecord['status'], 'queued' | 'running'>; errorCode: string | null; usage?: RunUsage; output?: string; layers?: readonly LayerReport[] },
  ): Promise<void> {
    const usage = outcome.usage ?? totalUsage(run.calls);
    this.#telemetry.agentRun({ surface: run.command.surface, agent: run.agent.id, model: model?.id ?? null, provider: model?.provider ?? null, outcome: outcome.status });
    for (const layer of outcome.layers ?? run.reports) this.#telemetry.safetyVerdict({ layer: layer.layer, stage: layer.stage, verdict: layer.verdict });
    const keptUnits = outcome.status === 'succeeded' || spentUnit(run.command.meter, run.progress) ? 1 : 0;
    const quota = run.reservation?.settle?.(keptUnits);
    await this.#runs.insert({
      ...this.#baseRecord(run, model),
      ...(quota ? { quota } : {}),
      status: outcome.status,
      errorCode: outcome.errorCode,
      latencyMs: elapsedMs(run.startedAt),
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      costUsd: usage.costUsd,
      output: outcome.output ?? null,
    });
    run.recorded = true;
  }

  #reportAttempts(attempts: readonly AttemptReport[]): void {
    for (const attempt of attempts) this.#telemetry.upstreamAttempt({ provider: attempt.provider, model: attempt.model, outcome: attempt.outcome, seconds: attempt.ms / 1000 });
  }

  #baseRecord(run: RunInProgress, model: ModelDefinition | undefined): Pick<RunRecord, 'id' | 'accountId' | 'surface' | 'agent' | 'model' | 'provider' | 'requestId' | 'createdAt' | 'completedAt'> {
    return {
      id: run.runId,
      accountId: run.command.accountId,
      surface: run.command.surface,
      agent: run.agent.id,
      model: model?.id ?? null,
      provider: model?.provider ?? null,
      requestId: run.command.requestId,
      createdAt: run.createdAt,
      completedAt: this.#clock.now().toISOString(),
    };
  }
}


function describeRouting(routing: RoutingDecision, skipped: SkippedModel[]): RoutingReport {
  return {
    category: routing.category,
    policy: routing.policy,
    chain: routing.chain.map((model) => model.id),
    reason: routing.reason,
    signals: routing.signals,
    ...(skipped.length > 0 ? { skipped } : {}),
  };
}
