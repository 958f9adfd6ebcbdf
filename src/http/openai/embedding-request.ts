import { z } from 'zod';
import type { AgentRunner } from '../../domain/agents/agent-runner.ts';
import type { EmbeddingSuccess } from '../../domain/embeddings/embedding-service.ts';
import type { EmbeddingModelDefinition } from '../../domain/routing/embedding-model-definition.ts';
import type { ModelRegistry } from '../../domain/routing/model-registry.ts';
import { resolveChatTarget } from './chat-run-request.ts';
import { OpenAiError, unsupportedParameter } from './openai-errors.ts';

/** OpenAI's embedding request; token arrays are recognised so that they can be refused by name. */
export const embeddingRequestSchema = z.looseObject({
  model: z.string().min(1).max(200).describe('An embedding model of the registry: its id (openai/text-embedding-3-small) or the provider\'s own id (text-embedding-3-small) when one provider has it'),
  input: z
    .union([z.string(), z.array(z.string()).min(1).max(2048), z.array(z.int()).min(1), z.array(z.array(z.int()).min(1)).min(1).max(2048)])
    .describe('A text or an array of texts (at most 256, 131,072 characters together); token arrays are not supported'),
  encoding_format: z.enum(['float', 'base64']).optional().describe('float (the default): arrays of numbers; base64: each vector\'s little-endian float32 bytes, base64-encoded, as OpenAI sends them'),
  dimensions: z.int().min(1).optional().describe('Shorter vectors, for the models that allow it (GET /v1/models/{model})'),
  user: z.string().max(256).optional(),
});

export type EmbeddingRequestBody = z.infer<typeof embeddingRequestSchema>;

export const embeddingListSchema = z.object({
  object: z.literal('list'),
  data: z.array(z.object({ object: z.literal('embedding'), index: z.number(), embedding: z.union([z.array(z.number()), z.string()]) })),
  model: z.string().describe('The registry model that made the vectors (sandbox/embedding without provider keys)'),
  usage: z.object({ prompt_tokens: z.number(), total_tokens: z.number() }),
});

type EmbeddingList = z.infer<typeof embeddingListSchema>;

/**
 * The embedding model a request names. Not an embedding model: 400 `model_not_supported` when it is
 * something else `model` may name on this surface (a chat model, an agent, `auto`), 404 `model_not_found`
 * when it is nothing; 400 when a bare provider id is ambiguous.
 */
export function resolveEmbeddingModel(dependencies: { runner: Pick<AgentRunner, 'findAgent'>; registry: Pick<ModelRegistry, 'find' | 'lookupEmbedding' | 'embeddingModels'> }, model: string): EmbeddingModelDefinition {
  const lookup = dependencies.registry.lookupEmbedding(model);
  if (lookup.kind === 'found') return lookup.model;
  if (lookup.kind === 'ambiguous') {
    throw new OpenAiError(400, `"${model}" is served by several providers: name one of ${lookup.ids.join(', ')}`, { code: 'model_ambiguous', param: 'model' });
  }
  resolveChatTarget(dependencies, model);
  const ids = dependencies.registry.embeddingModels().map((candidate) => candidate.id).join(', ');
  throw new OpenAiError(400, `"${model}" is not an embedding model; the embedding models are ${ids} (GET /v1/models)`, { code: 'model_not_supported', param: 'model' });
}

/** The texts to embed; token arrays are refused: the service would have to guess each provider's tokenizer. */
export function embeddingInputs(input: EmbeddingRequestBody['input']): string[] {
  if (typeof input === 'string') return [input];
  if (input.every((item) => typeof item === 'string')) return input;
  throw unsupportedParameter('input', 'Token arrays are not supported: send the text itself, as a string or an array of strings');
}

/** A vector as OpenAI's base64 encoding has it: the float32 values, little-endian, base64-encoded. */
export function base64Vector(vector: readonly number[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((value, index) => bytes.writeFloatLE(value, index * 4));
  return bytes.toString('base64');
}

/** The vectors in OpenAI's list shape. */
export function presentEmbeddings(result: EmbeddingSuccess, encoding: 'float' | 'base64'): EmbeddingList {
  return {
    object: 'list',
    data: result.embeddings.map((vector, index) => ({ object: 'embedding', index, embedding: encoding === 'base64' ? base64Vector(vector) : vector })),
    model: result.model.id,
    usage: { prompt_tokens: result.inputTokens, total_tokens: result.inputTokens },
  };
}
