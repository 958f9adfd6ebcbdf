import { buildAgentCatalog, type AgentCatalog } from '../../src/domain/agents/agent-catalog.ts';
import { buildModelRegistry, type ModelRegistry } from '../../src/domain/routing/model-registry.ts';

/** A small catalog for unit tests: one agent with fields and confirmation, one plain, one v1. */
export function fixtureCatalog(): AgentCatalog {
  return buildAgentCatalog(
    [
      { origin: 'finder.yaml', content: finderAgent() },
      {
        origin: 'summarize.yaml',
        content: {
          id: 'summarize',
          name: 'Summarizer',
          category: 'content',
          taskCategory: 'summarization',
          description: 'Summarises a text into a short abstract and key points.',
          readOnly: true,
          requiresConfirmation: false,
          v1: true,
          aliases: ['tldr'],
          instructions: 'Summarise the text faithfully in a short abstract and a list of key points. Do not add facts that are not in the text.',
          output: {
            type: 'object',
            properties: { summary: { type: 'string', minLength: 1 }, points: { type: 'array', items: { type: 'string' } } },
            required: ['summary'],
          },
        },
      },
    ],
    new Map(),
  );
}

export function finderAgent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'finder',
    name: 'Company Finder',
    category: 'sales',
    taskCategory: 'research',
    description: 'Finds companies in a niche and scores how well they fit.',
    readOnly: false,
    requiresConfirmation: true,
    v1: false,
    instructions: 'List companies in the niche that match the profile, with a contact address and a fit score from 0 to 100 for each one.',
    taskTemplate: 'Find companies in {{niche}} near {{location}}.',
    input: {
      type: 'object',
      properties: { niche: { type: 'string', minLength: 2 }, location: { type: 'string' }, size: { type: 'integer', minimum: 1 } },
      required: ['niche'],
    },
    output: {
      type: 'object',
      properties: {
        companies: {
          type: 'array',
          items: { type: 'object', properties: { name: { type: 'string' }, score: { type: 'integer', minimum: 0, maximum: 100 } }, required: ['name', 'score'] },
        },
      },
      required: ['companies'],
    },
    ...overrides,
  };
}

export function fixtureRegistry(): ModelRegistry {
  const model = (id: string, provider: string, quality: string, suitedFor: string[]) => ({
    id,
    provider,
    providerModelId: id.split('/').slice(1).join('/'),
    name: id,
    contextWindow: 128000,
    maxOutputTokens: 8192,
    pricing: { inputPerMillionUsd: 1, outputPerMillionUsd: 2 },
    capabilities: ['structured_output'],
    quality,
    speed: 'fast',
    suitedFor,
  });
  return buildModelRegistry(
    {
      models: [
        model('openai/small', 'openai', 'standard', ['research', 'summarization']),
        model('anthropic/large', 'anthropic', 'frontier', ['research']),
        model('groq/fast', 'groq', 'high', ['summarization']),
        model('sandbox/deterministic', 'sandbox', 'basic', ['research', 'summarization']),
      ],
    },
    'test-models.yaml',
  );
}
