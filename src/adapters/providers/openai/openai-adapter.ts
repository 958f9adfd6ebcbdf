import { connectionSettings, type ProviderAdapter } from '../provider-adapter.ts';

export const openaiAdapter: ProviderAdapter = {
  name: 'openai',
  enabledBy: 'OPENAI_API_KEY',
  isConfigured: (settings) => Boolean(settings.apiKey),
  async createModelFactory(settings) {
    const { createOpenAI } = await import('@ai-sdk/openai');
    const provider = createOpenAI(connectionSettings(settings));
    // Chat Completions: the protocol every OpenAI-compatible gateway and simulator speaks.
    return (modelId) => provider.chat(modelId);
  },
  async createEmbeddingFactory(settings) {
    const { createOpenAI } = await import('@ai-sdk/openai');
    const provider = createOpenAI(connectionSettings(settings));
    return (modelId) => provider.embedding(modelId);
  },
  // Strict mode demands every property be required; catalog schemas keep optional fields optional.
  structuredOutputOptions: { openai: { strictJsonSchema: false } },
};
