import { connectionSettings, type ProviderAdapter } from '../provider-adapter.ts';

export const googleAdapter: ProviderAdapter = {
  name: 'google',
  enabledBy: 'GOOGLE_GENERATIVE_AI_API_KEY',
  isConfigured: (settings) => Boolean(settings.apiKey),
  async createModelFactory(settings) {
    const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
    const provider = createGoogleGenerativeAI(connectionSettings(settings));
    return (modelId) => provider.languageModel(modelId);
  },
  async createEmbeddingFactory(settings) {
    const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
    const provider = createGoogleGenerativeAI(connectionSettings(settings));
    return (modelId) => provider.embedding(modelId);
  },
};
