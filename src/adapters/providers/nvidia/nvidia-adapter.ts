import { connectionSettings, type ProviderAdapter } from '../provider-adapter.ts';

const defaultBaseUrl = 'https://integrate.api.nvidia.com/v1';

/** NVIDIA NIM speaks the OpenAI Chat Completions protocol, structured output included. */
export const nvidiaAdapter: ProviderAdapter = {
  name: 'nvidia',
  enabledBy: 'NVIDIA_API_KEY',
  isConfigured: (settings) => Boolean(settings.apiKey),
  async createModelFactory(settings) {
    const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
    const provider = createOpenAICompatible({
      name: 'nvidia',
      ...connectionSettings(settings),
      baseURL: settings.baseUrl ?? defaultBaseUrl,
      supportsStructuredOutputs: true,
    });
    return (modelId) => provider.chatModel(modelId);
  },
};
