import { performance } from 'node:perf_hooks';
import type { ZodType } from 'zod';
import type { CircuitBreaker } from '../../ports/circuit-breaker.ts';
import { UpstreamError, type GenerationResult, type GenerationUsage, type ModelGateway } from '../../ports/model-gateway.ts';
import type { ModelDefinition } from './model-definition.ts';

export interface AttemptReport {
  model: string;
  provider: string;
  outcome: 'ok' | 'error';
  status?: number;
  error?: string;
  /** True for the second call to a model whose first answer failed its schema. */
  repair?: boolean;
  ms: number;
}

export interface SkippedModel {
  model: string;
  reason: 'circuit_open' | 'context_too_small' | 'deadline';
}

/** A model call that answered, with usable output or not: the provider bills it either way. */
export interface BilledCall {
  model: ModelDefinition;
  usage: GenerationUsage;
}

export type FailoverResult =
  | { ok: true; model: ModelDefinition; output: Record<string, unknown>; usage: GenerationUsage; attempts: AttemptReport[]; skipped: SkippedModel[]; calls: BilledCall[] }
  | {
      ok: false;
      attempts: AttemptReport[];
      skipped: SkippedModel[];
      calls: BilledCall[];
      lastModel: ModelDefinition | undefined;
      /** Set when a model refused the request itself (or a stream broke after it started): stop, do not advance. */
      stoppedBy?: UpstreamError;
    };

export interface FailoverRequest {
  instructions: string;
  prompt: string;
  outputSchema: Record<string, unknown>;
  outputValidator: ZodType;
  /** Each call's limit. */
  attemptTimeoutMs: number;
  /** The whole chain's limit, from the first call. */
  deadlineMs: number;
  /** Streams the answer: text as it arrives, with the model it comes from. */
  onDelta?: (model: ModelDefinition, text: string) => void;
}

export interface FailoverDependencies {
  gateway: ModelGateway;
  breaker: CircuitBreaker;
  sleep: (milliseconds: number) => Promise<void>;
  random?: () => number;
  /** A monotonic reading in milliseconds, for the chain's deadline; performance.now() unless a test drives it. */
  monotonicNow?: () => number;
  /** The pause before calling an overloaded provider again: at least `minimumMs`, plus up to `jitterMs`. */
  overloadPause?: { minimumMs: number; jitterMs: number };
}

/** Long enough for a rate limit's window to move on a little, short enough to stay inside the chain's deadline. */
export const defaultOverloadPause = { minimumMs: 100, jitterMs: 200 } as const;

/**
 * Tries a chain of models until one answers with output that satisfies the schema:
 * - a retryable failure moves to the next model, any other stops the chain; which is which the error
 *   carries (its kind decides it, in upstream-failure-kinds.ts), so no status is read here;
 * - a context-length failure skips every later model whose window is no larger;
 * - output that fails its schema gets one repair request on the same model before moving on;
 * - models whose circuit is open are skipped, unless every one is, and then all are tried anyway;
 * - each call is bounded, and so is the whole chain;
 * - a short jittered pause only before trying the same provider again after it was overloaded.
 */
export async function runFailover(dependencies: FailoverDependencies, chain: readonly ModelDefinition[], request: FailoverRequest): Promise<FailoverResult> {
  const now = dependencies.monotonicNow ?? (() => performance.now());
  const startedAt = now();
  const attempts: AttemptReport[] = [];
  const skipped: SkippedModel[] = [];
  const calls: BilledCall[] = [];
  let minimumContext = 0;
  let lastModel: ModelDefinition | undefined;

  for (const honourBreaker of [true, false]) {
    for (const [index, model] of chain.entries()) {
      if (model.contextWindow <= minimumContext) {
        if (honourBreaker) skipped.push({ model: model.id, reason: 'context_too_small' });
        continue;
      }
      const remaining = request.deadlineMs - (now() - startedAt);
      if (remaining <= 0) {
        skipped.push({ model: model.id, reason: 'deadline' });
        return { ok: false, attempts, skipped, lastModel, calls };
      }
      if (honourBreaker && !dependencies.breaker.tryAcquire(model.id)) {
        skipped.push({ model: model.id, reason: 'circuit_open' });
        continue;
      }
      lastModel = model;
      const outcome = await attemptModel(dependencies, model, request, Math.ceil(Math.min(request.attemptTimeoutMs, remaining)), { attempts, calls });
      if (outcome.ok) {
        dependencies.breaker.recordSuccess(model.id);
        return { ok: true, model, output: outcome.output, usage: outcome.usage, attempts, skipped, calls };
      }
      const failure = outcome.error;
      // A refused request says the model is healthy: it answered, and the request was at fault.
      if (failure.blamesModel) dependencies.breaker.recordFailure(model.id);
      else dependencies.breaker.recordSuccess(model.id);
      if (!failure.retryable) return { ok: false, attempts, skipped, lastModel, stoppedBy: failure, calls };
      if (failure.kind === 'context_length') minimumContext = Math.max(minimumContext, model.contextWindow);
      const next = chain[index + 1];
      if (next?.provider === model.provider && failure.overloaded) {
        const pause = dependencies.overloadPause ?? defaultOverloadPause;
        await dependencies.sleep(pause.minimumMs + Math.floor((dependencies.random ?? Math.random)() * pause.jitterMs));
      }
    }
    // The second pass exists only for a chain whose every model was skipped for an open circuit.
    if (attempts.length > 0) break;
    skipped.length = 0;
  }
  return { ok: false, attempts, skipped, lastModel, calls };
}

type AttemptOutcome = { ok: true; output: Record<string, unknown>; usage: GenerationUsage } | { ok: false; error: UpstreamError };

/** One model: a call, and when its output fails the schema, one repair call. Appends to `record` as it goes. */
async function attemptModel(
  dependencies: FailoverDependencies,
  model: ModelDefinition,
  request: FailoverRequest,
  timeoutMs: number,
  record: { attempts: AttemptReport[]; calls: BilledCall[] },
): Promise<AttemptOutcome> {
  const { attempts } = record;
  let repair: { previousText: string; problem: string } | undefined;
  let delivered = false;
  const onDelta = request.onDelta
    ? (text: string) => {
        delivered = true;
        request.onDelta?.(model, text);
      }
    : undefined;
  for (const isRepair of [false, true]) {
    const startedAt = performance.now();
    try {
      const result: GenerationResult = await dependencies.gateway.generate({
        provider: model.provider,
        providerModelId: model.providerModelId,
        instructions: request.instructions,
        prompt: request.prompt,
        outputSchema: request.outputSchema,
        timeoutMs,
        ...(repair ? { repair } : {}),
        ...(onDelta ? { onDelta } : {}),
      });
      record.calls.push({ model, usage: result.usage });
      const validated = request.outputValidator.safeParse(result.output);
      if (validated.success) {
        attempts.push({ model: model.id, provider: model.provider, outcome: 'ok', ...(isRepair ? { repair: true } : {}), ms: elapsedMs(startedAt) });
        return { ok: true, output: validated.data as Record<string, unknown>, usage: result.usage };
      }
      const problem = validated.error.issues
        .slice(0, 5)
        .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
        .join('; ');
      throw new UpstreamError('invalid_output', `output does not match the agent's schema: ${problem}`, { outputText: result.text });
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      attempts.push({
        model: model.id,
        provider: model.provider,
        outcome: 'error',
        ...(error.status !== undefined ? { status: error.status } : {}),
        error: error.kind,
        ...(isRepair ? { repair: true } : {}),
        ms: elapsedMs(startedAt),
      });
      // Once text has gone to the caller, no other answer can replace it: stop here.
      if (delivered && error.kind !== 'interrupted') {
        return { ok: false, error: new UpstreamError('interrupted', `the streamed answer failed after it started: ${error.message}`, { cause: error }) };
      }
      const repairable = error.kind === 'invalid_output' && error.outputText !== undefined && !request.onDelta && !isRepair;
      if (!repairable) return { ok: false, error };
      repair = { previousText: error.outputText as string, problem: error.message };
    }
  }
  return { ok: false, error: new UpstreamError('invalid_output', 'output failed its schema after a repair') };
}

/** Milliseconds since a performance.now() reading, to a tenth. */
export function elapsedMs(since: number): number {
  return Math.round((performance.now() - since) * 10) / 10;
}
