import { connectionSettings, type ProviderAdapter } from '../provider-adapter.ts';
import { oneOf, trimEnd } from '../../../shared/text-scanning.ts';

/** Ollama's OpenAI-compatible endpoint lives under /v1 of the server address. */
function openAiCompatibleUrl(baseUrl: string): string {
  const trimmed = trimEnd(baseUrl, oneOf('/'));
  return trimmed.endsWith('/v1') ? trimmed : `${trimmed}/v1`;
}

export const ollamaAdapter: ProviderAdapter = {
  name: 'ollama',
  enabledBy: 'OLLAMA_BASE_URL',
  isConfigured: (settings) => Boolean(settings.baseUrl),
  async createModelFactory(settings) {
    const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
    const provider = createOpenAICompatible({
      name: 'ollama',
      ...connectionSettings(settings),
      baseURL: openAiCompatibleUrl(settings.baseUrl ?? 'http://127.0.0.1:11434'),
      supportsStructuredOutputs: true,
    });
    return (modelId) => provider.chatModel(modelId);
  },
};
