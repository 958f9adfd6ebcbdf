import type { EmbeddingModelV4 } from '@ai-sdk/provider';
import type { embedMany } from 'ai';
import type { EmbeddingRequest, EmbeddingResult } from '../../ports/model-gateway.ts';
import { UpstreamError } from '../../ports/model-gateway.ts';
import { classifyProviderError } from './classify-provider-error.ts';

/** About four characters a token, at least one per text: the count when a provider reports none (Gemini). */
function estimatedTokens(values: readonly string[]): number {
  return values.reduce((sum, value) => sum + Math.max(1, Math.ceil(value.length / 4)), 0);
}

/**
 * The values embedded by the model: embedMany splits them into as many calls as the model takes at once,
 * without retries (a failure is the caller's to weigh), and its errors are classified as generation's are.
 * A provider that returns another number of vectors, or vectors of another length than asked, answered
 * unusably.
 */
export async function embedValues(model: EmbeddingModelV4, request: EmbeddingRequest, abortSignal: AbortSignal): Promise<EmbeddingResult> {
  let result: Awaited<ReturnType<typeof embedMany>>;
  try {
    // The AI SDK's core (about 1 MB of source with its gateway) is loaded on the first embedding, not by every process.
    const { embedMany } = await import('ai');
    result = await embedMany({
      model,
      values: [...request.values],
      maxRetries: 0,
      maxParallelCalls: 4,
      abortSignal,
      ...(request.dimensions === undefined ? {} : { dimensions: request.dimensions }),
    });
  } catch (error) {
    throw classifyProviderError(error);
  }
  const { embeddings } = result;
  if (embeddings.length !== request.values.length) {
    throw new UpstreamError('invalid_output', `the provider returned ${embeddings.length} vectors for ${request.values.length} inputs`);
  }
  if (request.dimensions !== undefined && embeddings.some((vector) => vector.length !== request.dimensions)) {
    throw new UpstreamError('invalid_output', `the provider returned vectors of another length than the ${request.dimensions} dimensions asked for`);
  }
  const reported = result.usage.tokens;
  const tokensEstimated = !(typeof reported === 'number' && reported > 0);
  return { embeddings, inputTokens: tokensEstimated ? estimatedTokens(request.values) : reported, tokensEstimated };
}
