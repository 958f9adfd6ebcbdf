import type { EmbeddingModelV4, EmbeddingModelV4CallOptions, EmbeddingModelV4Result } from '@ai-sdk/provider';

/** The length of the vectors when a request asks for none (the sandbox model's registry default). */
const defaultDimensions = 1536;

/**
 * The embedding model that answers when no provider is configured: no model at all, but deterministic
 * vectors made from the text's words (each word hashed to a position and a sign, the sum scaled to length
 * 1), so the same text always gives the same vector and texts sharing words point the same way. It speaks
 * the AI SDK's embedding-model interface, so it travels the same code path as every real provider.
 */
export class SandboxEmbeddingModel implements EmbeddingModelV4 {
  readonly specificationVersion = 'v4';
  readonly provider = 'sandbox';
  readonly modelId: string;
  readonly maxEmbeddingsPerCall = 2048;
  readonly supportsParallelCalls = true;

  constructor(modelId: string) {
    this.modelId = modelId;
  }

  async doEmbed(options: EmbeddingModelV4CallOptions): Promise<EmbeddingModelV4Result> {
    const dimensions = options.dimensions ?? defaultDimensions;
    // No tokenizer, so no usage: the gateway estimates it, and says so.
    return { embeddings: options.values.map((value) => sandboxVector(value, dimensions)), warnings: [] };
  }
}

/** A unit vector of the text's hashed words (the whole text, when it has none). */
export function sandboxVector(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [text];
  for (const word of words) {
    const hash = fnv1a(word);
    const index = hash % dimensions;
    vector[index] = (vector[index] ?? 0) + ((hash >>> 31) === 1 ? -1 : 1);
  }
  const length = Math.hypot(...vector);
  // Words whose signs cancelled out everywhere: one fixed position, so the vector still has length 1.
  if (length === 0) return vector.map((_, index) => (index === fnv1a(text) % dimensions ? 1 : 0));
  return vector.map((value) => value / length);
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
