import { performance } from 'node:perf_hooks';
import type { ZodType } from 'zod';
import type { CircuitBreaker } from '../../ports/circuit-breaker.ts';
import { UpstreamError, type GenerationResult, type GenerationUsage, type ModelGateway, type Sampling } from '../../ports/model-gateway.ts';
import type { ModelDefinition } from './model-definition.ts';

export interface AttemptReport {
  model: string;
  provider: string;
  outcome: 'ok' | 'error';
  status?: number;
  error?: string;
  /** True for the call that asked a model to repair its previous answer. */
  repair?: boolean;
  /** What code mended in the answer before it was checked (`path: what`): no model was asked for these. */
  repaired?: string[];
  /** Why the answer was not usable: schema problems, or promises to the request it broke. */
  problems?: string[];
  /** Promises to the request the kept answer still breaks: no model of the chain kept them within the run's budget. */
  unmet?: string[];
  ms: number;
}

/**
 * A model's answer after code mended it: usable, perhaps with promises to the request it still breaks, or
 * not usable, with the problems a repair request names.
 */
export type OutputSettlement =
  | { ok: true; output: Record<string, unknown>; repaired: string[]; unmet: string[] }
  | { ok: false; problems: string[]; repaired: string[] };

/** What one run may spend on answers that did not fit: repair requests, and unusable answers in all. Shared by every chain of the run. */
export interface OutputBudget {
  repairsLeft: number;
  invalidLeft: number;
}

/** At most one repair request and three unusable answers per run: a wrong answer costs a bounded number of calls. */
export function runOutputBudget(): OutputBudget {
  return { repairsLeft: 1, invalidLeft: 3 };
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
  /** Mends and checks an answer (the agent's repairs and promises); without it the answer is only validated. */
  settle?: (output: unknown) => OutputSettlement;
  /** The run's budget for unusable answers; a chain without one gets its own. */
  budget?: OutputBudget;
  /** Each call's limit. */
  attemptTimeoutMs: number;
  /** The whole chain's limit, from the first call. */
  deadlineMs: number;
  /** Streams the answer: text as it arrives, with the model it comes from. */
  onDelta?: (model: ModelDefinition, text: string) => void;
  /** The caller's sampling settings, given to every model of the chain. */
  sampling?: Sampling | undefined;
  /** The caller canceled: the call in progress is aborted and no other model is tried. */
  signal?: AbortSignal | undefined;
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
 * - output is mended by code where it can be (`settle`); output still unusable gets a repair request on the
 *   same model, once per run, and after the run's third unusable answer no model is asked again; an answer
 *   that fits the schema but breaks a promise to the request is asked to be repaired while the run may, and
 *   is otherwise kept, with the promises it breaks reported: no other model is tried for it;
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
  const budget = request.budget ?? runOutputBudget();
  let minimumContext = 0;
  let lastModel: ModelDefinition | undefined;

  for (const honourBreaker of [true, false]) {
    for (const [index, model] of chain.entries()) {
      if (model.contextWindow <= minimumContext) {
        if (honourBreaker) skipped.push({ model: model.id, reason: 'context_too_small' });
        continue;
      }
      if (request.signal?.aborted) return { ok: false, attempts, skipped, lastModel, calls, stoppedBy: new UpstreamError('interrupted', 'the caller canceled the run') };
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
      const outcome = await attemptModel(dependencies, model, request, Math.ceil(Math.min(request.attemptTimeoutMs, remaining)), { attempts, calls, budget });
      if (outcome.ok) {
        dependencies.breaker.recordSuccess(model.id);
        return { ok: true, model, output: outcome.output, usage: outcome.usage, attempts, skipped, calls };
      }
      const failure = outcome.error;
      // A refused request says the model is healthy: it answered, and the request was at fault.
      if (failure.blamesModel) dependencies.breaker.recordFailure(model.id);
      else dependencies.breaker.recordSuccess(model.id);
      if (!failure.retryable) return { ok: false, attempts, skipped, lastModel, stoppedBy: failure, calls };
      if (failure.kind === 'invalid_output' && budget.invalidLeft <= 0) return { ok: false, attempts, skipped, lastModel, stoppedBy: outOfAnswers(), calls };
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

/** The run's budget of unusable answers is spent: not a failure of the providers, so no other model is tried. */
function outOfAnswers(): UpstreamError {
  return new UpstreamError('invalid_output', "the models' answers did not fit the agent's output schema; no more are asked for in this run");
}

/** An answer that fits the schema but breaks a promise to the request, with the report of the attempt that gave it. */
interface KeptAnswer {
  output: Record<string, unknown>;
  usage: GenerationUsage;
  unmet: string[];
  report: AttemptReport;
}

/** A kept answer returned after all: its attempt reported as the one that answered, with the promises it breaks. */
function accepted(kept: KeptAnswer): AttemptOutcome {
  Object.assign(kept.report, { outcome: 'ok', unmet: kept.unmet });
  delete kept.report.error;
  delete kept.report.problems;
  return { ok: true, output: kept.output, usage: kept.usage };
}

type AttemptOutcome = { ok: true; output: Record<string, unknown>; usage: GenerationUsage } | { ok: false; error: UpstreamError };

/** The validator alone, for a chain whose request does not mend answers. */
function validated(request: FailoverRequest, output: unknown): OutputSettlement {
  const result = request.outputValidator.safeParse(output);
  if (result.success) return { ok: true, output: result.data as Record<string, unknown>, repaired: [], unmet: [] };
  return { ok: false, repaired: [], problems: result.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`) };
}

/**
 * One model: a call, and when its answer is unusable or breaks a promise, a repair call if the run's budget has
 * one left. An answer that fits the schema is never thrown away for a promise: when no repair may be asked, or
 * the repair does no better, the answer breaking fewer promises is kept. Appends to `record` as it goes.
 */
async function attemptModel(
  dependencies: FailoverDependencies,
  model: ModelDefinition,
  request: FailoverRequest,
  timeoutMs: number,
  record: { attempts: AttemptReport[]; calls: BilledCall[]; budget: OutputBudget },
): Promise<AttemptOutcome> {
  const { attempts, budget } = record;
  let repair: { previousText: string; problem: string } | undefined;
  let kept: KeptAnswer | undefined;
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
        ...(request.sampling ? { sampling: request.sampling } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
      });
      record.calls.push({ model, usage: result.usage });
      const settled = request.settle ? request.settle(result.output) : validated(request, result.output);
      const mended = settled.repaired.length > 0 ? { repaired: settled.repaired } : {};
      // What was streamed cannot be replaced: a streamed answer that fits the schema is kept whatever it promised.
      if (settled.ok && (settled.unmet.length === 0 || delivered)) {
        const unmet = settled.unmet.length > 0 ? { unmet: settled.unmet } : {};
        attempts.push({ model: model.id, provider: model.provider, outcome: 'ok', ...(isRepair ? { repair: true } : {}), ...mended, ...unmet, ms: elapsedMs(startedAt) });
        return { ok: true, output: settled.output, usage: result.usage };
      }
      const problems = settled.ok ? settled.unmet : settled.problems;
      const report: AttemptReport = { model: model.id, provider: model.provider, outcome: 'error', error: 'invalid_output', ...(isRepair ? { repair: true } : {}), ...mended, problems, ms: elapsedMs(startedAt) };
      attempts.push(report);
      if (settled.ok && (!kept || settled.unmet.length < kept.unmet.length)) kept = { output: settled.output, usage: result.usage, unmet: settled.unmet, report };
      if (!settled.ok) budget.invalidLeft -= 1;
      const wrong = new UpstreamError('invalid_output', `the answer does not fit the agent's schema or the request: ${problems.join('; ')}`, { outputText: result.text });
      if (delivered) return { ok: false, error: new UpstreamError('interrupted', `the streamed answer failed after it started: ${wrong.message}`, { cause: wrong }) };
      if (!mayRepair(request, budget, isRepair, wrong)) return kept ? accepted(kept) : { ok: false, error: wrong };
      budget.repairsLeft -= 1;
      repair = { previousText: result.text, problem: wrong.message };
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
      if (error.kind === 'invalid_output') budget.invalidLeft -= 1;
      // Once text has gone to the caller, no other answer can replace it: stop here.
      if (delivered && error.kind !== 'interrupted') {
        return { ok: false, error: new UpstreamError('interrupted', `the streamed answer failed after it started: ${error.message}`, { cause: error }) };
      }
      if (kept) return accepted(kept);
      if (!mayRepair(request, budget, isRepair, error)) return { ok: false, error };
      budget.repairsLeft -= 1;
      repair = { previousText: error.outputText as string, problem: error.message };
    }
  }
  return kept ? accepted(kept) : { ok: false, error: new UpstreamError('invalid_output', 'the answer did not fit after a repair') };
}

/** A repair is asked for an unusable answer that was not itself a repair, not streamed, and only while the run's budget allows. */
function mayRepair(request: FailoverRequest, budget: OutputBudget, isRepair: boolean, error: UpstreamError): boolean {
  return error.kind === 'invalid_output' && error.outputText !== undefined && !request.onDelta && !isRepair && budget.repairsLeft > 0 && budget.invalidLeft > 0;
}

/** Milliseconds since a performance.now() reading, to a tenth. */
export function elapsedMs(since: number): number {
  return Math.round((performance.now() - since) * 10) / 10;
}
