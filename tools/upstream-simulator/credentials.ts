import type { IncomingHttpHeaders } from 'node:http';
import { providerError } from './provider-errors.ts';
import type { SimulatedProvider } from './provider-routes.ts';
import type { ErrorReply } from './simulated-call.ts';

/**
 * Rejects a request that carries no key where the provider expects one, as the real API does. Any key is
 * accepted otherwise: wrong keys are simulated with a 401 fault (or Gemini's 400 `invalid_api_key`).
 */
export function checkCredentials(provider: SimulatedProvider, headers: IncomingHttpHeaders, search: URLSearchParams, model: string): ErrorReply | undefined {
  switch (provider) {
    case 'ollama':
      return undefined;
    case 'anthropic':
      if (!headers['x-api-key'] && !bearer(headers)) return providerError(provider, 401, { model, message: 'x-api-key header is required' });
      if (!headers['anthropic-version']) return providerError(provider, 400, { model, message: 'anthropic-version: header is required' });
      return undefined;
    case 'google':
      return headers['x-goog-api-key'] || search.get('key') || bearer(headers) ? undefined : providerError(provider, 403, { model });
    default:
      return bearer(headers) ? undefined : providerError(provider, 401, { model, ...(provider === 'openai' ? { message: "You didn't provide an API key." } : {}) });
  }
}

function bearer(headers: IncomingHttpHeaders): string | undefined {
  const match = /^Bearer\s+(\S+)/i.exec(headers.authorization ?? '');
  return match?.[1];
}
