import { z } from 'zod';
import { InvalidDataError } from '../invalid-data-error.ts';
import { embeddingModelDefinitionSchema, type EmbeddingModelDefinition } from './embedding-model-definition.ts';
import { modelDefinitionSchema, type ModelDefinition } from './model-definition.ts';

const registryFileSchema = z.strictObject({ models: z.array(z.unknown()).min(1), embeddingModels: z.array(z.unknown()).optional() });

/** What an embedding model id a request sends names: one model, none, or several (a bare id more than one provider serves). */
export type EmbeddingModelLookup = { kind: 'found'; model: EmbeddingModelDefinition } | { kind: 'unknown' } | { kind: 'ambiguous'; ids: string[] };

export class ModelRegistry {
  readonly #models: readonly ModelDefinition[];
  readonly #byId: ReadonlyMap<string, ModelDefinition>;

  readonly #embeddingModels: readonly EmbeddingModelDefinition[];

  constructor(models: readonly ModelDefinition[], embeddingModels: readonly EmbeddingModelDefinition[] = []) {
    this.#models = models;
    this.#byId = new Map(models.map((model) => [model.id, model]));
    this.#embeddingModels = embeddingModels;
  }

  /** The chat models: what the router chooses among. Embedding models are never among them. */
  list(): readonly ModelDefinition[] {
    return this.#models;
  }

  /** The embedding models (POST /v1/embeddings). */
  embeddingModels(): readonly EmbeddingModelDefinition[] {
    return this.#embeddingModels;
  }

  /**
   * The embedding model a request names: by its registry id (`openai/text-embedding-3-small`), or by the
   * provider's own id alone (`text-embedding-3-small`, as OpenAI's clients send it) when one provider serves it.
   */
  lookupEmbedding(id: string): EmbeddingModelLookup {
    const exact = this.#embeddingModels.find((model) => model.id === id);
    if (exact) return { kind: 'found', model: exact };
    const bare = this.#embeddingModels.filter((model) => model.providerModelId === id);
    if (bare.length === 1) return { kind: 'found', model: bare[0] as EmbeddingModelDefinition };
    return bare.length === 0 ? { kind: 'unknown' } : { kind: 'ambiguous', ids: bare.map((model) => model.id) };
  }

  find(id: string): ModelDefinition | undefined {
    return this.#byId.get(id);
  }
}

/** Validates the registry file's content; collects every problem before failing. */
export function buildModelRegistry(content: unknown, origin: string): ModelRegistry {
  const file = registryFileSchema.safeParse(content);
  if (!file.success) throw new InvalidDataError('The model registry', file.error.issues.map((issue) => `${origin}: ${issue.path.join('.')}: ${issue.message}`));

  const problems: string[] = [];
  const models = parseSection(file.data.models, 'models', modelDefinitionSchema, origin, new Set(), problems);
  const embeddingModels = parseSection(file.data.embeddingModels ?? [], 'embeddingModels', embeddingModelDefinitionSchema, origin, new Set(models.map((model) => model.id)), problems);
  if (problems.length > 0) throw new InvalidDataError('The model registry', problems);
  return new ModelRegistry(models, embeddingModels);
}

/**
 * One section of the registry file, its problems added to the list: each entry checked by its schema, its id
 * starting with its provider, and ids unique within the section and against `takenIds` (the other section's).
 */
function parseSection<Model extends { id: string; provider: string }>(
  entries: readonly unknown[],
  section: string,
  schema: z.ZodType<Model>,
  origin: string,
  takenIds: ReadonlySet<string>,
  problems: string[],
): Model[] {
  const models: Model[] = [];
  entries.forEach((entry, index) => {
    const parsed = schema.safeParse(entry);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`${origin}: ${section}.${index}.${issue.path.join('.')}: ${issue.message}`);
      return;
    }
    const model = parsed.data;
    if (!model.id.startsWith(`${model.provider}/`)) problems.push(`${origin}: ${model.id}: id must start with "${model.provider}/"`);
    if (takenIds.has(model.id) || models.some((other) => other.id === model.id)) problems.push(`${origin}: ${model.id}: duplicate id`);
    models.push(model);
  });
  return models;
}

/** Cost of one call in US dollars, from the registry's per-million-token prices. */
export function priceUsage(model: ModelDefinition, usage: { inputTokens: number; outputTokens: number }): number {
  const cost =
    (usage.inputTokens * model.pricing.inputPerMillionUsd + usage.outputTokens * model.pricing.outputPerMillionUsd) / 1_000_000;
  return Math.round(cost * 1e8) / 1e8;
}
