import type { ProviderAdapter } from '../provider-adapter.ts';
import { SandboxEmbeddingModel } from './sandbox-embedding-model.ts';
import { SandboxLanguageModel } from './sandbox-language-model.ts';

export const sandboxAdapter: ProviderAdapter = {
  name: 'sandbox',
  enabledBy: '(always available)',
  isConfigured: () => true,
  createModelFactory: async () => (modelId) => new SandboxLanguageModel(modelId),
  createEmbeddingFactory: async () => (modelId) => new SandboxEmbeddingModel(modelId),
};
