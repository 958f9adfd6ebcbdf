import { describe, expect, it } from 'vitest';
import { InvalidDataError } from '../invalid-data-error.ts';
import { buildModelRegistry } from './model-registry.ts';
import { priceEmbedding } from './embedding-model-definition.ts';

const chatModel = {
  id: 'openai/gpt-5-mini',
  provider: 'openai',
  providerModelId: 'gpt-5-mini',
  name: 'GPT-5 mini',
  contextWindow: 400000,
  maxOutputTokens: 128000,
  pricing: { inputPerMillionUsd: 0.25, outputPerMillionUsd: 2 },
  capabilities: ['structured_output'],
  quality: 'high',
  speed: 'fast',
  suitedFor: ['writing'],
};
const embeddingModel = (overrides: Record<string, unknown> = {}) => ({
  id: 'openai/text-embedding-3-small',
  provider: 'openai',
  providerModelId: 'text-embedding-3-small',
  name: 'text-embedding-3-small',
  dimensions: 1536,
  minDimensions: 1,
  maxInputTokens: 8191,
  pricing: { inputPerMillionUsd: 0.02 },
  ...overrides,
});

function problemsOf(content: unknown): readonly string[] {
  try {
    buildModelRegistry(content, 'models.yaml');
  } catch (error) {
    if (error instanceof InvalidDataError) return error.problems;
    throw error;
  }
  return [];
}

describe('embedding models in the registry', () => {
  it('are validated by their own schema, every problem listed, ids unique across both sections', () => {
    const problems = problemsOf({
      models: [chatModel],
      embeddingModels: [
        embeddingModel({ dimensions: 0, minDimensions: undefined }),
        embeddingModel({ id: 'openai/gpt-5-mini' }),
        embeddingModel({ id: 'google/x', providerModelId: 'x' }),
        embeddingModel({ id: 'openai/short', minDimensions: 4000 }),
        embeddingModel({ id: 'openai/extra', contextWindow: 10 }),
      ],
    });
    expect(problems).toEqual([
      expect.stringContaining('embeddingModels.0.dimensions'),
      'models.yaml: openai/gpt-5-mini: duplicate id',
      'models.yaml: google/x: id must start with "openai/"',
      expect.stringContaining('embeddingModels.3.minDimensions: minDimensions must be at most dimensions'),
      expect.stringContaining('embeddingModels.4'),
    ]);
  });

  it('are found by their id or, when one provider serves it, by the provider’s own id', () => {
    const registry = buildModelRegistry(
      {
        models: [chatModel],
        embeddingModels: [embeddingModel(), embeddingModel({ id: 'ollama/nomic-embed-text', provider: 'ollama', providerModelId: 'nomic-embed-text' }), embeddingModel({ id: 'nvidia/nomic-embed-text', provider: 'nvidia', providerModelId: 'nomic-embed-text' })],
      },
      'models.yaml',
    );
    expect(registry.lookupEmbedding('openai/text-embedding-3-small')).toMatchObject({ kind: 'found', model: { id: 'openai/text-embedding-3-small' } });
    expect(registry.lookupEmbedding('text-embedding-3-small')).toMatchObject({ kind: 'found', model: { id: 'openai/text-embedding-3-small' } });
    expect(registry.lookupEmbedding('nomic-embed-text')).toEqual({ kind: 'ambiguous', ids: ['ollama/nomic-embed-text', 'nvidia/nomic-embed-text'] });
    expect(registry.lookupEmbedding('openai/gpt-5-mini')).toEqual({ kind: 'unknown' });
    expect(registry.find('openai/text-embedding-3-small')).toBeUndefined();
  });

  it('price their input tokens per million', () => {
    expect(priceEmbedding(embeddingModel() as never, 1_000_000)).toBe(0.02);
    expect(priceEmbedding(embeddingModel({ pricing: { inputPerMillionUsd: 0.13 } }) as never, 500)).toBe(0.000065);
  });
});
