import { connectionSettings, type ProviderAdapter } from '../provider-adapter.ts';

export const anthropicAdapter: ProviderAdapter = {
  name: 'anthropic',
  enabledBy: 'ANTHROPIC_API_KEY',
  isConfigured: (settings) => Boolean(settings.apiKey),
  async createModelFactory(settings) {
    const { createAnthropic } = await import('@ai-sdk/anthropic');
    const provider = createAnthropic(connectionSettings(settings));
    return (modelId) => provider.messages(modelId);
  },
};
