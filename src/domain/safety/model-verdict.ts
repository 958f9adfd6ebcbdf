import type { ZodType } from 'zod';
import type { CircuitBreaker } from '../../ports/circuit-breaker.ts';
import { UpstreamError, type GenerationUsage, type ModelGateway } from '../../ports/model-gateway.ts';
import type { ModelDefinition } from '../routing/model-definition.ts';

/** A small JSON verdict a safety layer asks of a model (the critic's rubric, the jailbreak judge's yes or no). */
export interface VerdictRequest<Answer> {
  instructions: string;
  prompt: string;
  outputSchema: Record<string, unknown>;
  answer: ZodType<Answer>;
}

export type ModelVerdict<Answer> =
  | { ok: true; answer: Answer; usage: GenerationUsage }
  /** `unavailable`: its circuit is open or the call failed; `timeout`: no answer in time; `invalid`: not the JSON asked for. */
  | { ok: false; reason: 'unavailable' | 'timeout' | 'invalid' };

/**
 * Asks one model for a verdict within a time limit, through its circuit breaker: a failed call counts
 * against the model, an answer of the wrong shape does not (the model is up). Never throws for an upstream
 * failure: the caller's local verdict stands.
 */
export async function askModelForVerdict<Answer>(
  dependencies: { gateway: ModelGateway; breaker: CircuitBreaker; timeoutMs: number },
  model: ModelDefinition,
  request: VerdictRequest<Answer>,
): Promise<ModelVerdict<Answer>> {
  if (!dependencies.breaker.tryAcquire(model.id)) return { ok: false, reason: 'unavailable' };
  try {
    const result = await dependencies.gateway.generate({
      provider: model.provider,
      providerModelId: model.providerModelId,
      instructions: request.instructions,
      prompt: request.prompt,
      outputSchema: request.outputSchema,
      timeoutMs: dependencies.timeoutMs,
    });
    dependencies.breaker.recordSuccess(model.id);
    const parsed = request.answer.safeParse(result.output);
    return parsed.success ? { ok: true, answer: parsed.data, usage: result.usage } : { ok: false, reason: 'invalid' };
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    dependencies.breaker.recordFailure(model.id);
    return { ok: false, reason: error.kind === 'timeout' ? 'timeout' : 'unavailable' };
  }
}
