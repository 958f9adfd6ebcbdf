import { connectionSettings, type ProviderAdapter } from '../provider-adapter.ts';

export const groqAdapter: ProviderAdapter = {
  name: 'groq',
  enabledBy: 'GROQ_API_KEY',
  isConfigured: (settings) => Boolean(settings.apiKey),
  async createModelFactory(settings) {
    const { createGroq } = await import('@ai-sdk/groq');
    const provider = createGroq(connectionSettings(settings));
    return (modelId) => provider.languageModel(modelId);
  },
  // The SDK asks for strict mode by default, and Groq's strict mode rejects any schema whose objects do not
  // list every property as required with additionalProperties false; catalog schemas keep optional fields.
  structuredOutputOptions: { groq: { strictJsonSchema: false } },
};
