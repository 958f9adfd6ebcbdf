import { performance } from 'node:perf_hooks';
import type { ZodType } from 'zod';
import { UpstreamError, type GenerationUsage, type ModelGateway } from '../../ports/model-gateway.ts';
import type { ModelDefinition } from '../routing/model-definition.ts';

export interface AttemptReport {
  model: string;
  provider: string;
  outcome: 'ok' | 'error';
  status?: number;
  error?: string;
  ms: number;
}

export type AttemptsResult =
  | { ok: true; model: ModelDefinition; output: Record<string, unknown>; usage: GenerationUsage; attempts: AttemptReport[] }
  /** `rejectedBy` is set when a model refused the request itself: trying another model would not help. */
  | { ok: false; attempts: AttemptReport[]; lastModel: ModelDefinition | undefined; rejectedBy?: UpstreamError };

export interface AttemptRequest {
  instructions: string;
  prompt: string;
  outputSchema: Record<string, unknown>;
  outputValidator: ZodType;
  timeoutMs: number;
}

/**
 * Tries the models of a chain in order until one returns output that satisfies the schema. Retryable
 * failures move to the next model; a failure the request caused stops the chain.
 */
export async function tryModels(gateway: ModelGateway, chain: readonly ModelDefinition[], request: AttemptRequest): Promise<AttemptsResult> {
  const attempts: AttemptReport[] = [];
  for (const model of chain) {
    const startedAt = performance.now();
    try {
      const result = await gateway.generate({
        provider: model.provider,
        providerModelId: model.providerModelId,
        instructions: request.instructions,
        prompt: request.prompt,
        outputSchema: request.outputSchema,
        timeoutMs: request.timeoutMs,
      });
      const validated = request.outputValidator.safeParse(result.output);
      if (!validated.success) {
        const reason = validated.error.issues[0]?.message ?? 'invalid';
        throw new UpstreamError('invalid_output', `output does not match the agent's schema: ${reason}`, { retryable: true });
      }
      attempts.push({ model: model.id, provider: model.provider, outcome: 'ok', ms: elapsedMs(startedAt) });
      return { ok: true, model, output: validated.data as Record<string, unknown>, usage: result.usage, attempts };
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      attempts.push({
        model: model.id,
        provider: model.provider,
        outcome: 'error',
        ...(error.status !== undefined ? { status: error.status } : {}),
        error: error.kind,
        ms: elapsedMs(startedAt),
      });
      if (!error.retryable) return { ok: false, attempts, lastModel: model, rejectedBy: error };
    }
  }
  return { ok: false, attempts, lastModel: chain.at(-1) };
}

/** Milliseconds since a performance.now() reading, to a tenth. */
export function elapsedMs(since: number): number {
  return Math.round((performance.now() - since) * 10) / 10;
}
