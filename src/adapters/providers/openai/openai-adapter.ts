import { loadOptionalSetting, withoutTrailingSlash } from '@ai-sdk/provider-utils';
import { connectionSettings, type ProviderAdapter } from '../provider-adapter.ts';
import { LeanChatModel } from './lean-chat-model.ts';

export const openaiAdapter: ProviderAdapter = {
  name: 'openai',
  enabledBy: 'OPENAI_API_KEY',
  isConfigured: (settings) => Boolean(settings.apiKey),
  async createModelFactory(settings) {
    const { createOpenAI, VERSION } = await import('@ai-sdk/openai');
    const connection = connectionSettings(settings);
    const provider = createOpenAI(connection);
    const { apiKey } = settings;
    if (!apiKey) return (modelId) => provider.chat(modelId);
    // The base URL as the SDK provider resolves it, and the same keep-alive fetch.
    const baseUrl = withoutTrailingSlash(loadOptionalSetting({ settingValue: settings.baseUrl, environmentVariableName: 'OPENAI_BASE_URL' })) ?? 'https://api.openai.com/v1';
    const lean = { baseUrl, apiKey, fetch: connection.fetch, sdkVersion: VERSION };
    // Chat Completions: the protocol every OpenAI-compatible gateway and simulator speaks. Plain JSON answers
    // take the lean path; streams and whatever it does not cover go through the SDK's model.
    return (modelId) => new LeanChatModel(provider.chat(modelId), lean);
  },
  async createEmbeddingFactory(settings) {
    const { createOpenAI } = await import('@ai-sdk/openai');
    const provider = createOpenAI(connectionSettings(settings));
    return (modelId) => provider.embedding(modelId);
  },
  // Strict mode demands every property be required; catalog schemas keep optional fields optional.
  structuredOutputOptions: { openai: { strictJsonSchema: false } },
};
