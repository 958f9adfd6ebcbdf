import type { EmbeddingModelV4, LanguageModelV4 } from '@ai-sdk/provider';
import type { ProviderOptions } from '@ai-sdk/provider-utils';
import type { ProviderSettings } from '../../config/app-config.ts';
import { createUpstreamFetch } from './upstream-fetch.ts';

/** One upstream provider: when it is usable, and how to make its models. */
export interface ProviderAdapter {
  readonly name: string;
  /** The environment variable that turns it on, for messages at start. */
  readonly enabledBy: string;
  isConfigured(settings: ProviderSettings): boolean;
  /**
   * Builds the provider once; the returned function makes a model by the provider's own model id. The
   * provider's package is loaded here, so providers that are not configured cost no memory.
   */
  createModelFactory(settings: ProviderSettings): Promise<(providerModelId: string) => LanguageModelV4>;
  /** The same for embedding models, on the same key and base URL; absent for a provider that has none. */
  createEmbeddingFactory?(settings: ProviderSettings): Promise<(providerModelId: string) => EmbeddingModelV4>;
  /** Options that make structured output work with the catalog's JSON Schemas. */
  readonly structuredOutputOptions?: ProviderOptions;
}

/**
 * The key, base URL and HTTP client in the form every AI SDK provider factory takes; no baseURL means the
 * provider's default.
 */
export function connectionSettings(settings: ProviderSettings): { apiKey?: string; baseURL?: string; fetch: typeof fetch } {
  return { ...(settings.apiKey ? { apiKey: settings.apiKey } : {}), ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}), fetch: createUpstreamFetch(settings.proxy) };
}
