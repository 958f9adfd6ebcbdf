import { performance } from 'node:perf_hooks';
import type { Clock } from '../../ports/clock.ts';
import { UpstreamError, type EmbeddingGateway } from '../../ports/model-gateway.ts';
import type { RunRecordability } from '../../ports/run-recordability.ts';
import type { RunRepository, RunStatus } from '../../ports/run-repository.ts';
import { noTelemetry, type Telemetry } from '../../ports/telemetry.ts';
import { safetyBlocked } from '../agents/safety-refusals.ts';
import { DatabaseUnavailableError } from '../database-unavailable.ts';
import { AppError, invalidRequest } from '../errors.ts';
import { createId } from '../ids.ts';
import { spentUnit, type MeterReservation, type UsageSnapshot } from '../quotas/usage-meter.ts';
import type { AccountRunContext } from '../runs/run-context.ts';
import { priceEmbedding, type EmbeddingModelDefinition } from '../routing/embedding-model-definition.ts';
import type { ModelRegistry } from '../routing/model-registry.ts';
import { sandboxProvider } from '../routing/model-router.ts';
import type { LayerReport, SafetyPolicy } from '../safety/safety-layer.ts';
import type { SafetyPipeline } from '../safety/safety-pipeline.ts';
import { defaultSafetyPolicy } from '../safety/safety-policy.ts';
import { checkEmbeddingRequest } from './embedding-limits.ts';

/** The id runs of embedding requests are recorded under, as `chat` is for chat completions. */
export const embeddingsRunAgent = 'embeddings';

export interface EmbedCommand {
  context: AccountRunContext;
  requestId: string;
  /** The model the request named. */
  model: EmbeddingModelDefinition;
  inputs: readonly string[];
  dimensions?: number | undefined;
  signal?: AbortSignal | undefined;
}

export interface EmbeddingSuccess {
  runId: string;
  /** The model that made the vectors: the one asked for, or the sandbox's when no provider is configured. */
  model: EmbeddingModelDefinition;
  embeddings: number[][];
  inputTokens: number;
  tokensEstimated: boolean;
  costUsd: number;
  quota: UsageSnapshot;
}

interface Ending {
  status: Exclude<RunStatus, 'queued' | 'running'>;
  errorCode: string | null;
  inputTokens?: number;
  costUsd?: number;
  output?: string;
  /** Whether the request spent its unit (kept when the record settles it). */
  spent: boolean;
}

/**
 * Embedding requests, counted, screened and recorded as runs are: one unit of the plan's daily quota per
 * request, reserved before any work (429 when spent); the texts screened by the PII layer (the default
 * policy, unless told another) before they leave the service (a type the policy blocks refuses the request,
 * one it redacts is embedded redacted); one call to the model, bounded by a timeout and not retried; and a run of agent
 * `embeddings` in the run log with its tokens and cost, which keeps the unit in the same write. See
 * docs/decisions/0057-embeddings.md.
 */
export class EmbeddingService {
  readonly #registry: Pick<ModelRegistry, 'embeddingModels'>;
  readonly #gateway: EmbeddingGateway;
  readonly #safety: Pick<SafetyPipeline, 'screenPii'>;
  readonly #piiPolicy: SafetyPolicy;
  readonly #runs: Pick<RunRepository, 'insert'>;
  readonly #recordability: RunRecordability | undefined;
  readonly #telemetry: Telemetry;
  readonly #clock: Clock;
  readonly #timeoutMs: number;

  constructor(dependencies: {
    registry: Pick<ModelRegistry, 'embeddingModels'>;
    gateway: EmbeddingGateway;
    safety: Pick<SafetyPipeline, 'screenPii'>;
    runs: Pick<RunRepository, 'insert'>;
    recordability?: RunRecordability | undefined;
    telemetry?: Telemetry | undefined;
    clock: Clock;
    /** `piiPolicy`: what the PII layer does with each type found in the texts (the agents' default unless set). */
    options: { timeoutMs: number; piiPolicy?: SafetyPolicy | undefined };
  }) {
    this.#registry = dependencies.registry;
    this.#gateway = dependencies.gateway;
    this.#safety = dependencies.safety;
    this.#runs = dependencies.runs;
    this.#recordability = dependencies.recordability;
    this.#telemetry = dependencies.telemetry ?? noTelemetry;
    this.#clock = dependencies.clock;
    this.#timeoutMs = dependencies.options.timeoutMs;
    this.#piiPolicy = dependencies.options.piiPolicy ?? defaultSafetyPolicy;
  }

  /**
   * The model that serves a request for `model`: itself when its provider is configured, the sandbox's when
   * no provider is; otherwise 400 naming the provider that is missing and the embedding models that would answer.
   */
  servingModel(model: EmbeddingModelDefinition): EmbeddingModelDefinition {
    const configured = this.#gateway.configuredProviders();
    const sandboxOnly = ![...configured].some((provider) => provider !== sandboxProvider);
    if (sandboxOnly) {
      const sandbox = this.#registry.embeddingModels().find((candidate) => candidate.provider === sandboxProvider);
      if (!sandbox) throw new Error('The model registry has no sandbox embedding model');
      return sandbox;
    }
    if (model.provider !== sandboxProvider && configured.has(model.provider)) return model;
    const available = this.#registry.embeddingModels().filter((candidate) => candidate.provider !== sandboxProvider && configured.has(candidate.provider));
    const setting = this.#gateway.enabledBy?.(model.provider);
    const why =
      model.provider === sandboxProvider
        ? 'the sandbox answers only when no provider is configured'
        : `its provider (${model.provider}) is not configured on this service${setting ? ` (${setting} is not set)` : ''}`;
    const instead = available.length > 0 ? `embedding models available: ${available.map((candidate) => candidate.id).join(', ')}` : 'no configured provider has embedding models';
    throw invalidRequest([{ path: 'model', message: `model "${model.id}" is not available: ${why}; ${instead}` }]);
  }

  async embed(command: EmbedCommand): Promise<EmbeddingSuccess> {
    const { model, inputs, dimensions, context } = command;
    checkEmbeddingRequest(model, inputs, dimensions);
    const serving = this.servingModel(model);
    if (this.#recordability && !(await this.#recordability.recordable())) throw new DatabaseUnavailableError();
    const reservation = await context.meter.reserve();
    const run = { runId: createId('run', this.#clock.now()), createdAt: this.#clock.now().toISOString(), startedAt: performance.now(), recorded: false };
    const record = (ending: Ending, layers: readonly LayerReport[]): Promise<void> => this.#record(command, serving, run, reservation, ending, layers);
    try {
      const screening = await this.#safety.screenPii(inputs, this.#piiPolicy, 'input');
      if (screening.blocked) {
        await record({ status: 'blocked', errorCode: 'safety_blocked', spent: false }, screening.reports);
        throw safetyBlocked(screening.blocked, screening.reports, run.runId);
      }
      const called = performance.now();
      const vectorLength = dimensions ?? model.dimensions;
      const result = await this.#gateway
        .embed({ provider: serving.provider, providerModelId: serving.providerModelId, values: screening.value, dimensions: dimensionsToAsk(serving, model, dimensions, vectorLength), timeoutMs: this.#timeoutMs, signal: command.signal })
        .catch(async (error: unknown) => {
          this.#telemetry.upstreamAttempt({ provider: serving.provider, model: serving.id, outcome: 'error', seconds: (performance.now() - called) / 1000 });
          const refusal = upstreamRefusal(error, serving, run.runId);
          await record({ status: 'failed', errorCode: refusal.code, spent: spentUnit(context.meter, 'outbound') }, screening.reports);
          throw refusal;
        });
      this.#telemetry.upstreamAttempt({ provider: serving.provider, model: serving.id, outcome: 'ok', seconds: (performance.now() - called) / 1000 });
      const costUsd = priceEmbedding(serving, result.inputTokens);
      const output = JSON.stringify({ inputs: inputs.length, dimensions: result.embeddings[0]?.length ?? vectorLength, tokensEstimated: result.tokensEstimated });
      await record({ status: 'succeeded', errorCode: null, inputTokens: result.inputTokens, costUsd, output, spent: true }, screening.reports);
      return { runId: run.runId, model: serving, embeddings: result.embeddings, inputTokens: result.inputTokens, tokensEstimated: result.tokensEstimated, costUsd, quota: reservation.snapshot };
    } catch (error) {
      // Not recorded (the database failed, or the screen did): the unit goes back, so usage matches the run log.
      if (!run.recorded) await reservation.release().catch(() => undefined);
      throw error;
    }
  }

  async #record(
    command: EmbedCommand,
    serving: EmbeddingModelDefinition,
    run: { runId: string; createdAt: string; startedAt: number; recorded: boolean },
    reservation: MeterReservation,
    ending: Ending,
    layers: readonly LayerReport[],
  ): Promise<void> {
    const { context } = command;
    this.#telemetry.agentRun({ surface: context.surface, agent: embeddingsRunAgent, model: serving.id, provider: serving.provider, outcome: ending.status });
    for (const layer of layers) this.#telemetry.safetyVerdict({ layer: layer.layer, stage: layer.stage, verdict: layer.verdict });
    const quota = reservation.settle?.(ending.spent ? 1 : 0);
    await this.#runs.insert({
      id: run.runId,
      accountId: context.account.id,
      surface: context.surface,
      agent: embeddingsRunAgent,
      model: serving.id,
      provider: serving.provider,
      status: ending.status,
      errorCode: ending.errorCode,
      latencyMs: Math.round((performance.now() - run.startedAt) * 10) / 10,
      inputTokens: ending.inputTokens ?? 0,
      outputTokens: 0,
      costUsd: ending.costUsd ?? 0,
      output: ending.output ?? null,
      requestId: command.requestId,
      createdAt: run.createdAt,
      completedAt: this.#clock.now().toISOString(),
      safetyVerdicts: layers.flatMap(({ layer, verdict }) => (verdict === 'flag' || verdict === 'block' ? [{ layer, verdict }] : [])),
      ...(quota ? { quota } : {}),
    });
    run.recorded = true;
    // A meter that does not settle by the record keeps or gives back the unit itself.
    if (!reservation.settle && !ending.spent) await reservation.release().catch(() => undefined);
  }
}

/**
 * The length to ask the serving model for: what the request asked, or for the sandbox standing in for
 * another model, that model's length, so the vectors have the shape the caller expects of it.
 */
function dimensionsToAsk(serving: EmbeddingModelDefinition, asked: EmbeddingModelDefinition, dimensions: number | undefined, vectorLength: number): number | undefined {
  if (serving.provider === sandboxProvider) return vectorLength;
  return serving.id === asked.id && dimensions !== undefined && dimensions !== asked.dimensions ? dimensions : undefined;
}

/** A failed call as the caller hears of it: 400 when the provider refused the input itself, else 502 with Retry-After. */
function upstreamRefusal(error: unknown, model: EmbeddingModelDefinition, runId: string): AppError {
  const failure = error instanceof UpstreamError ? error : new UpstreamError('unknown', error instanceof Error ? error.message : 'unknown provider failure', { cause: error });
  if (failure.kind === 'context_length') {
    return new AppError('invalid_request', `An input is longer than ${model.id} takes (at most ${model.maxInputTokens} tokens per text)`, { runId, issues: [{ path: 'input', message: 'a text is too long for the model' }] });
  }
  if (failure.kind === 'bad_request') {
    return new AppError('invalid_request', `${model.provider} refused the embedding request: ${failure.message}`, { runId, issues: [{ path: 'input', message: failure.message }] }, { cause: error });
  }
  return new AppError('upstream_unavailable', `${model.id} did not answer (${failure.kind}: ${failure.message}); retry with exponential backoff`, { runId }, { retryAfterSeconds: 5, cause: error });
}
