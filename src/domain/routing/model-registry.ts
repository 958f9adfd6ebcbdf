import { z } from 'zod';
import { InvalidDataError } from '../invalid-data-error.ts';
import { modelDefinitionSchema, type ModelDefinition } from './model-definition.ts';

const registryFileSchema = z.strictObject({ models: z.array(z.unknown()).min(1) });

export class ModelRegistry {
  readonly #models: readonly ModelDefinition[];
  readonly #byId: ReadonlyMap<string, ModelDefinition>;

  constructor(models: readonly ModelDefinition[]) {
    this.#models = models;
    this.#byId = new Map(models.map((model) => [model.id, model]));
  }

  list(): readonly ModelDefinition[] {
    return this.#models;
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
  const models: ModelDefinition[] = [];
  file.data.models.forEach((entry, index) => {
    const parsed = modelDefinitionSchema.safeParse(entry);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`${origin}: models.${index}.${issue.path.join('.')}: ${issue.message}`);
      return;
    }
    const model = parsed.data;
    if (!model.id.startsWith(`${model.provider}/`)) problems.push(`${origin}: ${model.id}: id must start with "${model.provider}/"`);
    if (models.some((other) => other.id === model.id)) problems.push(`${origin}: ${model.id}: duplicate id`);
    models.push(model);
  });
  if (problems.length > 0) throw new InvalidDataError('The model registry', problems);
  return new ModelRegistry(models);
}

/** Cost of one call in US dollars, from the registry's per-million-token prices. */
export function priceUsage(model: ModelDefinition, usage: { inputTokens: number; outputTokens: number }): number {
  const cost =
    (usage.inputTokens * model.pricing.inputPerMillionUsd + usage.outputTokens * model.pricing.outputPerMillionUsd) / 1_000_000;
  return Math.round(cost * 1e8) / 1e8;
}
