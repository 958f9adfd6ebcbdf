import { z } from 'zod';
import { taskCategories } from '../agents/agent-definition.ts';

export const providerNames = ['openai', 'anthropic', 'google', 'groq', 'mistral', 'nvidia', 'ollama', 'sandbox'] as const;
export type ProviderName = (typeof providerNames)[number];

export const modelCapabilities = ['structured_output', 'tools', 'vision', 'long_context', 'reasoning'] as const;
export const qualityTiers = ['frontier', 'high', 'standard', 'basic'] as const;
export const speedTiers = ['fast', 'medium', 'slow'] as const;

/** One entry of catalog/models.yaml. */
export const modelDefinitionSchema = z.strictObject({
  /** `<provider>/<provider model id>`: unique across providers that serve the same open model. */
  id: z.string().regex(/^[a-z0-9-]+\/\S+$/, 'must be "<provider>/<model>"'),
  provider: z.enum(providerNames),
  providerModelId: z.string().min(1),
  name: z.string().min(2),
  contextWindow: z.number().int().positive(),
  maxOutputTokens: z.number().int().positive(),
  pricing: z.strictObject({
    inputPerMillionUsd: z.number().min(0),
    outputPerMillionUsd: z.number().min(0),
  }),
  capabilities: z.array(z.enum(modelCapabilities)),
  quality: z.enum(qualityTiers),
  speed: z.enum(speedTiers),
  suitedFor: z.array(z.enum(taskCategories)).min(1),
});

export type ModelDefinition = z.output<typeof modelDefinitionSchema>;
