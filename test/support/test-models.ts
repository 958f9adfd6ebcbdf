import type { ModelDefinition } from '../../src/domain/routing/model-definition.ts';

/** A registry entry for tests of the chain: `provider/name`, priced at $1 per million tokens, structured output, suited to writing. */
export function testModel(id: string, provider: string, contextWindow = 128_000): ModelDefinition {
  return {
    id,
    provider: provider as ModelDefinition['provider'],
    providerModelId: id.split('/')[1] ?? id,
    name: id,
    contextWindow,
    maxOutputTokens: 4096,
    pricing: { inputPerMillionUsd: 1, outputPerMillionUsd: 1 },
    capabilities: ['structured_output'],
    quality: 'high',
    speed: 'fast',
    suitedFor: ['writing'],
  };
}
