import { z } from 'zod';
import { simulatedProviders, type SimulatedProvider } from './provider-routes.ts';

const faultSchema = z.discriminatedUnion('type', [
  /** Answer with this status and the provider's own error JSON for it. */
  z.object({
    type: z.literal('http'),
    status: z.number().int().min(400).max(599),
    variant: z.enum(['default', 'context_length', 'invalid_api_key', 'json_validate_failed']).optional(),
    message: z.string().optional(),
  }),
  /** Never answer: the request stays open until the client gives up. */
  z.object({ type: z.literal('hang') }),
  /** Answer normally, but only after this long. */
  z.object({ type: z.literal('delay'), ms: z.number().int().min(0) }),
  /** Drop the connection after this many answer chunks (0: before the first token). */
  z.object({ type: z.literal('cut_stream'), afterChunks: z.number().int().min(0) }),
  /** Answer with text that is not valid JSON (Groq, which validates JSON itself, answers 400 json_validate_failed). */
  z.object({ type: z.literal('malformed_json') }),
  /** Close the connection without any response. */
  z.object({ type: z.literal('reset') }),
]);

const latencySchema = z.union([z.number().min(0), z.object({ min: z.number().min(0), max: z.number().min(0) })]);

const faultRuleSchema = z.object({
  /** Added before every answer or fault: fixed, or random within a range. */
  latencyMs: latencySchema.optional(),
  /** Pause between stream chunks. */
  chunkDelayMs: z.number().min(0).optional(),
  /** Faults used one per request, in order, before `failureRate` applies. */
  queue: z.array(faultSchema).optional(),
  /** Share of requests (0 to 1) that fail with `failWith` once the queue is empty. */
  failureRate: z.number().min(0).max(1).optional(),
  failWith: faultSchema.optional(),
});

export const faultConfigSchema = z.object({
  default: faultRuleSchema.optional(),
  /** By provider name; a model rule takes precedence. */
  providers: z.partialRecord(z.enum(simulatedProviders), faultRuleSchema).optional(),
  /** By the model id as the request names it. */
  models: z.record(z.string(), faultRuleSchema).optional(),
});

export type Fault = z.infer<typeof faultSchema>;
export type FaultRule = z.infer<typeof faultRuleSchema>;
export type FaultConfig = z.infer<typeof faultConfigSchema>;

/** What happens to one request. */
export interface FaultDecision {
  latencyMs: number;
  chunkDelayMs: number;
  fault: Fault | undefined;
}

const defaultFailure: Fault = { type: 'http', status: 503 };

/**
 * Decides latency and failures per request from rules keyed by model id, then provider, then a default.
 * Queued faults are consumed, so a test can say "fail the next two calls to this model, then recover".
 */
export class FaultInjector {
  #config: FaultConfig = {};
  readonly #random: () => number;

  constructor(random: () => number = Math.random) {
    this.#random = random;
  }

  /** Replaces every rule. Throws a readable error when the configuration is malformed. */
  set(config: unknown): void {
    const parsed = faultConfigSchema.safeParse(config);
    if (!parsed.success) throw new Error(z.prettifyError(parsed.error));
    // A copy: queues are consumed, and the caller's object must not change under it.
    this.#config = structuredClone(parsed.data);
  }

  current(): FaultConfig {
    return structuredClone(this.#config);
  }

  reset(): void {
    this.#config = {};
  }

  next(provider: SimulatedProvider, model: string): FaultDecision {
    const rule = this.#config.models?.[model] ?? this.#config.providers?.[provider] ?? this.#config.default;
    if (!rule) return { latencyMs: 0, chunkDelayMs: 0, fault: undefined };
    const queued = rule.queue?.shift();
    const fault = queued ?? (rule.failureRate !== undefined && this.#random() < rule.failureRate ? (rule.failWith ?? defaultFailure) : undefined);
    return { latencyMs: this.#latency(rule), chunkDelayMs: rule.chunkDelayMs ?? 0, fault };
  }

  #latency(rule: FaultRule): number {
    const latency = rule.latencyMs;
    if (latency === undefined) return 0;
    if (typeof latency === 'number') return latency;
    const low = Math.min(latency.min, latency.max);
    return low + this.#random() * (Math.max(latency.min, latency.max) - low);
  }
}
