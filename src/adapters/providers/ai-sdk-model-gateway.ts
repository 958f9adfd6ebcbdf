import type { EmbeddingModelV4, LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Prompt, LanguageModelV4Usage } from '@ai-sdk/provider';
import type { ProviderSettingsByName } from '../../config/app-config.ts';
import type {
  EmbeddingGateway,
  EmbeddingRequest,
  EmbeddingResult,
  GenerationRequest,
  GenerationResult,
  GenerationUsage,
  ModelGateway,
  Sampling,
} from '../../ports/model-gateway.ts';
import { UpstreamError } from '../../ports/model-gateway.ts';
import { classifyProviderError } from './classify-provider-error.ts';
import { embedValues } from './embed-values.ts';
import { providerAdapters, settingsFor } from './index.ts';
import { withoutJsonFence } from './json-fence.ts';
import type { ProviderAdapter } from './provider-adapter.ts';

interface ConfiguredProvider {
  adapter: ProviderAdapter;
  createModel: (providerModelId: string) => LanguageModelV4;
  models: Map<string, LanguageModelV4>;
  createEmbeddingModel: ((providerModelId: string) => EmbeddingModelV4) | undefined;
  embeddingModels: Map<string, EmbeddingModelV4>;
}

/**
 * Calls models through the AI SDK's provider packages, one adapter per provider. It speaks to each
 * provider's model through the SDK's language-model interface (doGenerate / doStream) and does no retries
 * of its own: the domain's failover decides what happens after a failure.
 */
export class AiSdkModelGateway implements ModelGateway, EmbeddingGateway {
  readonly #providers: ReadonlyMap<string, ConfiguredProvider>;
  readonly #configured: ReadonlySet<string>;

  /** Each known provider's switch (OPENAI_API_KEY, …), configured or not: for messages about a missing one. */
  readonly #enabledBy: ReadonlyMap<string, string>;

  private constructor(providers: ReadonlyMap<string, ConfiguredProvider>, enabledBy: ReadonlyMap<string, string>) {
    this.#providers = providers;
    this.#enabledBy = enabledBy;
    this.#configured = new Set(providers.keys());
  }

  /** A gateway over the providers whose configuration is present; only their packages are loaded. */
  static async create(settings: ProviderSettingsByName, adapters: readonly ProviderAdapter[] = providerAdapters): Promise<AiSdkModelGateway> {
    const providers = new Map<string, ConfiguredProvider>();
    for (const adapter of adapters) {
      const providerSettings = settingsFor(adapter, settings);
      if (!adapter.isConfigured(providerSettings)) continue;
      providers.set(adapter.name, {
        adapter,
        createModel: await adapter.createModelFactory(providerSettings),
        models: new Map(),
        createEmbeddingModel: adapter.createEmbeddingFactory ? await adapter.createEmbeddingFactory(providerSettings) : undefined,
        embeddingModels: new Map(),
      });
    }
    return new AiSdkModelGateway(providers, new Map(adapters.map((adapter) => [adapter.name, adapter.enabledBy])));
  }

  configuredProviders(): ReadonlySet<string> {
    return this.#configured;
  }

  async generate(request: GenerationRequest): Promise<GenerationResult> {
    const provider = this.#providers.get(request.provider);
    if (!provider) throw new UpstreamError('authentication', `provider ${request.provider} is not configured`);
    const model = this.#model(provider, request.providerModelId);
    const timeout = AbortSignal.timeout(Math.max(1, Math.ceil(request.timeoutMs)));
    const options: LanguageModelV4CallOptions = {
      prompt: promptOf(request),
      responseFormat: { type: 'json', schema: request.outputSchema as NonNullable<Extract<LanguageModelV4CallOptions['responseFormat'], { type: 'json' }>['schema']>, name: 'response' },
      abortSignal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
      ...samplingOptions(request.sampling),
      ...(provider.adapter.structuredOutputOptions ? { providerOptions: provider.adapter.structuredOutputOptions } : {}),
    };
    return request.onDelta ? streamAnswer(model, options, request.onDelta) : generateAnswer(model, options);
  }

  enabledBy(provider: string): string | undefined {
    return this.#enabledBy.get(provider);
  }

  /** One vector per value, through the AI SDK's embedMany; bounded by the request's timeout, never retried here. */
  async embed(request: EmbeddingRequest): Promise<EmbeddingResult> {
    const provider = this.#providers.get(request.provider);
    if (!provider) throw new UpstreamError('authentication', `provider ${request.provider} is not configured`);
    if (!provider.createEmbeddingModel) throw new UpstreamError('bad_request', `provider ${request.provider} has no embedding models`);
    let model = provider.embeddingModels.get(request.providerModelId);
    if (!model) {
      model = provider.createEmbeddingModel(request.providerModelId);
      provider.embeddingModels.set(request.providerModelId, model);
    }
    const timeout = AbortSignal.timeout(Math.max(1, Math.ceil(request.timeoutMs)));
    return embedValues(model, request, request.signal ? AbortSignal.any([request.signal, timeout]) : timeout);
  }

  #model(provider: ConfiguredProvider, providerModelId: string): LanguageModelV4 {
    let model = provider.models.get(providerModelId);
    if (!model) {
      model = provider.createModel(providerModelId);
      provider.models.set(providerModelId, model);
    }
    return model;
  }
}

async function generateAnswer(model: LanguageModelV4, options: LanguageModelV4CallOptions): Promise<GenerationResult> {
  let text: string;
  let usage: LanguageModelV4Usage;
  try {
    const result = await model.doGenerate(options);
    text = result.structuredOutputText ?? result.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
    usage = result.usage;
  } catch (error) {
    throw classifyProviderError(error);
  }
  return { output: parseJsonAnswer(text), text, usage: usageOf(usage) };
}

async function streamAnswer(model: LanguageModelV4, options: LanguageModelV4CallOptions, onDelta: (text: string) => void): Promise<GenerationResult> {
  let text = '';
  let usage: LanguageModelV4Usage | undefined;
  try {
    const { stream } = await model.doStream(options);
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.type === 'text-delta') {
        text += value.delta;
        onDelta(value.delta);
      } else if (value.type === 'error') {
        throw value.error;
      } else if (value.type === 'finish') {
        usage = value.usage;
      }
    }
  } catch (error) {
    const classified = classifyProviderError(error);
    // Text already went to the caller: another model's answer cannot be spliced onto it.
    if (text !== '') throw new UpstreamError('interrupted', `the stream broke after it started: ${classified.message}`, { cause: error });
    throw classified;
  }
  if (usage === undefined && text !== '') throw new UpstreamError('interrupted', 'the stream ended before the model finished');
  return { output: parseJsonAnswer(text), text, usage: usageOf(usage) };
}

/** The caller's sampling settings, those it set only: a provider's defaults stay otherwise. */
function samplingOptions(sampling: Sampling | undefined): Partial<LanguageModelV4CallOptions> {
  if (!sampling) return {};
  const entries = Object.entries(sampling).filter(([, value]) => value !== undefined);
  return Object.fromEntries(entries) as Partial<LanguageModelV4CallOptions>;
}

/** The task as the model sees it: instructions, the task, and for a repair the failed answer and why. */
function promptOf(request: GenerationRequest): LanguageModelV4Prompt {
  const prompt: LanguageModelV4Prompt = [
    { role: 'system', content: request.instructions },
    { role: 'user', content: [{ type: 'text', text: request.prompt }] },
  ];
  if (request.repair) {
    prompt.push(
      { role: 'assistant', content: [{ type: 'text', text: request.repair.previousText }] },
      {
        role: 'user',
        content: [{ type: 'text', text: `That answer does not satisfy the JSON Schema: ${request.repair.problem}. Reply with the corrected JSON object only.` }],
      },
    );
  }
  return prompt;
}

/** Models sometimes wrap JSON in a markdown fence; anything else that is not JSON is unusable output. */
export function parseJsonAnswer(text: string): unknown {
  const unfenced = withoutJsonFence(text.trim());
  try {
    return JSON.parse(unfenced);
  } catch (error) {
    throw new UpstreamError('invalid_output', 'the model did not return valid JSON', { cause: error, outputText: text.slice(0, 20_000) });
  }
}

function usageOf(usage: LanguageModelV4Usage | undefined): GenerationUsage {
  return { inputTokens: usage?.inputTokens.total ?? 0, outputTokens: usage?.outputTokens.total ?? 0 };
}
