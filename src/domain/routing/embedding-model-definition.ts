import { z } from 'zod';
import { providerNames } from './model-definition.ts';

/**
 * One entry of `embeddingModels` in catalog/models.yaml: a model that turns text into vectors. Kept apart
 * from the chat models, so the router (which reads only those) never picks one for a run.
 */
export const embeddingModelDefinitionSchema = z
  .strictObject({
    /** `<provider>/<provider model id>`, as for chat models. */
    id: z.string().regex(/^[a-z0-9-]+\/\S+$/, 'must be "<provider>/<model>"'),
    provider: z.enum(providerNames),
    providerModelId: z.string().min(1),
    name: z.string().min(2),
    /** The length of the vectors the model returns by default. */
    dimensions: z.number().int().positive(),
    /** Present when a request may ask for shorter vectors (`dimensions`): the smallest length it may ask for. */
    minDimensions: z.number().int().positive().optional(),
    /** The most tokens one input may hold. */
    maxInputTokens: z.number().int().positive(),
    pricing: z.strictObject({ inputPerMillionUsd: z.number().min(0) }),
  })
  .refine((model) => model.minDimensions === undefined || model.minDimensions <= model.dimensions, { message: 'minDimensions must be at most dimensions', path: ['minDimensions'] });

export type EmbeddingModelDefinition = z.output<typeof embeddingModelDefinitionSchema>;

/** Cost of one embedding call in US dollars, from the registry's per-million-token price. */
export function priceEmbedding(model: EmbeddingModelDefinition, inputTokens: number): number {
  return Math.round(((inputTokens * model.pricing.inputPerMillionUsd) / 1_000_000) * 1e8) / 1e8;
}
