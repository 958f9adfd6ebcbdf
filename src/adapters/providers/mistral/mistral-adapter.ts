import { connectionSettings, type ProviderAdapter } from '../provider-adapter.ts';

export const mistralAdapter: ProviderAdapter = {
  name: 'mistral',
  enabledBy: 'MISTRAL_API_KEY',
  isConfigured: (settings) => Boolean(settings.apiKey),
  async createModelFactory(settings) {
    const { createMistral } = await import('@ai-sdk/mistral');
    const provider = createMistral(connectionSettings(settings));
    return (modelId) => provider.languageModel(modelId);
  },
  async createEmbeddingFactory(settings) {
    const { createMistral } = await import('@ai-sdk/mistral');
    const provider = createMistral(connectionSettings(settings));
    return (modelId) => provider.embedding(modelId);
  },
};
