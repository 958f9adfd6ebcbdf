import type { ProviderSettingsByName } from '../../config/app-config.ts';
import { anthropicAdapter } from './anthropic/anthropic-adapter.ts';
import { googleAdapter } from './google/google-adapter.ts';
import { groqAdapter } from './groq/groq-adapter.ts';
import { mistralAdapter } from './mistral/mistral-adapter.ts';
import { nvidiaAdapter } from './nvidia/nvidia-adapter.ts';
import { ollamaAdapter } from './ollama/ollama-adapter.ts';
import { openaiAdapter } from './openai/openai-adapter.ts';
import type { ProviderAdapter } from './provider-adapter.ts';
import { sandboxAdapter } from './sandbox/sandbox-adapter.ts';

/** Every provider the service can call. Adding one means a folder here and a line in this list. */
export const providerAdapters: readonly ProviderAdapter[] = [
  openaiAdapter,
  anthropicAdapter,
  googleAdapter,
  groqAdapter,
  mistralAdapter,
  nvidiaAdapter,
  ollamaAdapter,
  sandboxAdapter,
];

export function settingsFor(adapter: ProviderAdapter, settings: ProviderSettingsByName): ProviderSettingsByName[keyof ProviderSettingsByName] {
  return adapter.name in settings ? settings[adapter.name as keyof ProviderSettingsByName] : {};
}
