export const simulatedProviders = ['openai', 'anthropic', 'google', 'groq', 'mistral', 'nvidia', 'ollama'] as const;

export type SimulatedProvider = (typeof simulatedProviders)[number];

/**
 * Where each provider lives on the simulator: a prefix named for the provider, followed by the path its
 * real API has under its host. Pointing a base URL at `http://host:port` + this path is then the only
 * change a deployment needs, and a request on the wrong path fails here as it would upstream.
 */
export const providerBasePaths: Readonly<Record<SimulatedProvider, string>> = {
  openai: '/openai/v1',
  anthropic: '/anthropic/v1',
  google: '/google/v1beta',
  groq: '/groq/openai/v1',
  mistral: '/mistral/v1',
  nvidia: '/nvidia/v1',
  ollama: '/ollama/v1',
};

/**
 * The value each provider's base-URL setting takes. Ollama's setting names the server, not its OpenAI
 * endpoint: the adapter appends /v1 itself.
 */
export function baseUrlsFor(origin: string): Record<SimulatedProvider, string> {
  const urls = {} as Record<SimulatedProvider, string>;
  for (const provider of simulatedProviders) urls[provider] = `${origin}${providerBasePaths[provider]}`;
  urls.ollama = `${origin}/ollama`;
  return urls;
}

export interface ProviderRoute {
  provider: SimulatedProvider;
  /** The path after the provider's base path, e.g. `/chat/completions`; undefined when the base path itself does not match. */
  endpointPath: string | undefined;
}

/** Which provider a path belongs to, by its first segment. */
export function resolveProviderRoute(pathname: string): ProviderRoute | undefined {
  const prefix = pathname.split('/')[1];
  const provider = simulatedProviders.find((name) => name === prefix);
  if (!provider) return undefined;
  const basePath = providerBasePaths[provider];
  const endpointPath = pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : undefined;
  return { provider, endpointPath };
}
