import { generateText, jsonSchema, Output, type LanguageModel } from 'ai';
import type { ProviderSettingsByName } from '../../config/app-config.ts';
import type { GenerationRequest, GenerationResult, ModelGateway } from '../../ports/model-gateway.ts';
import { UpstreamError } from '../../ports/model-gateway.ts';
import { classifyProviderError } from './classify-provider-error.ts';
import { providerAdapters, settingsFor } from './index.ts';
import type { ProviderAdapter } from './provider-adapter.ts';

interface ConfiguredProvider {
  adapter: ProviderAdapter;
  createModel: (providerModelId: string) => LanguageModel;
  models: Map<string, LanguageModel>;
}

/** Calls models through the Vercel AI SDK, one adapter per provider; the SDK does no retries of its own. */
export class AiSdkModelGateway implements ModelGateway {
  readonly #providers = new Map<string, ConfiguredProvider>();
  readonly #configured: ReadonlySet<string>;

  constructor(settings: ProviderSettingsByName, adapters: readonly ProviderAdapter[] = providerAdapters) {
    for (const adapter of adapters) {
      const providerSettings = settingsFor(adapter, settings);
      if (!adapter.isConfigured(providerSettings)) continue;
      this.#providers.set(adapter.name, { adapter, createModel: adapter.createModelFactory(providerSettings), models: new Map() });
    }
    this.#configured = new Set(this.#providers.keys());
  }

  configuredProviders(): ReadonlySet<string> {
    return this.#configured;
  }

  async generate(request: GenerationRequest): Promise<GenerationResult> {
    const provider = this.#providers.get(request.provider);
    if (!provider) {
      throw new UpstreamError('authentication', `provider ${request.provider} is not configured`, { retryable: true });
    }
    try {
      const result = await generateText({
        model: this.#model(provider, request.providerModelId),
        instructions: request.instructions,
        prompt: request.prompt,
        output: Output.object({ schema: jsonSchema(request.outputSchema) }),
        maxRetries: 0,
        timeout: request.timeoutMs,
        ...(request.signal ? { abortSignal: request.signal } : {}),
        ...(provider.adapter.structuredOutputOptions ? { providerOptions: provider.adapter.structuredOutputOptions } : {}),
      });
      return {
        output: result.output,
        usage: { inputTokens: result.usage.inputTokens ?? 0, outputTokens: result.usage.outputTokens ?? 0 },
      };
    } catch (error) {
      throw classifyProviderError(error);
    }
  }

  #model(provider: ConfiguredProvider, providerModelId: string): LanguageModel {
    let model = provider.models.get(providerModelId);
    if (!model) {
      model = provider.createModel(providerModelId);
      provider.models.set(providerModelId, model);
    }
    return model;
  }
}
