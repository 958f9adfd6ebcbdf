import { randomUUID } from 'node:crypto';
import type { SimulatedProvider } from './provider-routes.ts';
import type { ErrorReply } from './simulated-call.ts';

/**
 * Which failure an error reply stands for, beyond its status: the same 400 means different things when it
 * says the prompt is too long, the key is wrong (Gemini answers a bad key with 400), or the model's JSON
 * failed the provider's own validation (Groq answers that with 400 instead of returning the bad JSON).
 */
export type ErrorVariant = 'default' | 'context_length' | 'invalid_api_key' | 'json_validate_failed';

export interface ErrorDetails {
  model: string;
  variant?: ErrorVariant;
  /** Replaces the provider's usual wording. */
  message?: string;
}

/** An error reply shaped exactly like the provider's own error JSON for that status. */
export function providerError(provider: SimulatedProvider, status: number, details: ErrorDetails): ErrorReply {
  const variant = details.variant ?? 'default';
  const reply = errorBuilders[provider](status, variant, details);
  if (status === 429) reply.headers = { 'retry-after': '1', ...reply.headers };
  return reply;
}

type ErrorBuilder = (status: number, variant: ErrorVariant, details: ErrorDetails) => ErrorReply;

const errorBuilders: Record<SimulatedProvider, ErrorBuilder> = {
  openai: openaiError,
  groq: groqError,
  ollama: ollamaError,
  nvidia: nvidiaError,
  mistral: mistralError,
  anthropic: anthropicError,
  google: googleError,
};

function simulatedMessage(status: number): string {
  return `The request was rejected by the upstream simulator (HTTP ${status}).`;
}

function openaiError(status: number, variant: ErrorVariant, { model, message }: ErrorDetails): ErrorReply {
  const error = (text: string, type: string, code: string | null, param: string | null = null): ErrorReply => ({
    status,
    body: { error: { message: message ?? text, type, param, code } },
  });
  if (variant === 'context_length') {
    return error(
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 131072 tokens. Please reduce the length of the messages.",
      'invalid_request_error',
      'context_length_exceeded',
      'messages',
    );
  }
  switch (status) {
    case 401:
      return error('Incorrect API key provided: sk-simu****. You can find your API key at https://platform.openai.com/account/api-keys.', 'invalid_request_error', 'invalid_api_key');
    case 403:
      return error('You are not allowed to sample from this model', 'invalid_request_error', null);
    case 404:
      return error(`The model \`${model}\` does not exist or you do not have access to it.`, 'invalid_request_error', 'model_not_found');
    case 429:
      return error(
        `Rate limit reached for ${model} in organization org-simulator on requests per min (RPM): Limit 500, Used 500, Requested 1. Please try again in 120ms. Visit https://platform.openai.com/account/rate-limits to learn more.`,
        'requests',
        'rate_limit_exceeded',
      );
    case 500:
      return error('The server had an error while processing your request. Sorry about that!', 'server_error', null);
    case 503:
      return error('The engine is currently overloaded, please try again later', 'server_error', null);
    default:
      return error(simulatedMessage(status), status >= 500 ? 'server_error' : 'invalid_request_error', null);
  }
}

function groqError(status: number, variant: ErrorVariant, { model, message }: ErrorDetails): ErrorReply {
  const error = (text: string, type: string, extra: Record<string, unknown> = {}): ErrorReply => ({
    status,
    body: { error: { message: message ?? text, type, ...extra } },
  });
  if (variant === 'context_length') {
    return error('Please reduce the length of the messages or completion.', 'invalid_request_error', { param: 'messages', code: 'context_length_exceeded' });
  }
  if (variant === 'json_validate_failed') {
    return error("Failed to generate JSON. Please adjust your prompt. See 'failed_generation' for more details.", 'invalid_request_error', {
      code: 'json_validate_failed',
      failed_generation: '{"title": "Simulated answer", "items": [',
    });
  }
  switch (status) {
    case 401:
      return error('Invalid API Key', 'invalid_request_error', { code: 'invalid_api_key' });
    case 404:
      return error(`The model \`${model}\` does not exist or you do not have access to it.`, 'invalid_request_error', { code: 'model_not_found' });
    case 429:
      return error(
        `Rate limit reached for model \`${model}\` in organization \`org_simulator\` service tier \`on_demand\` on requests per minute (RPM): Limit 30, Used 30, Requested 1. Please try again in 2s.`,
        'requests',
        { code: 'rate_limit_exceeded' },
      );
    case 503:
      return error('Service Unavailable', 'internal_server_error');
    default:
      return error(status >= 500 ? 'Internal Server Error' : simulatedMessage(status), status >= 500 ? 'internal_server_error' : 'invalid_request_error');
  }
}

/** Ollama's OpenAI-compatible endpoint uses OpenAI's error envelope with its own wording. */
function ollamaError(status: number, variant: ErrorVariant, { model, message }: ErrorDetails): ErrorReply {
  const error = (text: string, type: string): ErrorReply => ({ status, body: { error: { message: message ?? text, type, param: null, code: null } } });
  if (variant === 'context_length') return error('the input length exceeds the context length', 'invalid_request_error');
  if (status === 404) return error(`model "${model}" not found, try pulling it first`, 'api_error');
  if (status >= 500) return error('llama runner process has terminated: signal: killed', 'api_error');
  return error(status === 401 ? 'unauthorized' : simulatedMessage(status), 'invalid_request_error');
}

/**
 * NVIDIA's hosted API answers gateway failures (auth, rate limits, outages) with RFC 7807 problem details,
 * and request errors from the inference server in vLLM's OpenAI-like form.
 */
function nvidiaError(status: number, variant: ErrorVariant, { model, message }: ErrorDetails): ErrorReply {
  if (status === 400 || status === 422) {
    const text =
      variant === 'context_length'
        ? "This model's maximum context length is 131072 tokens. However, you requested 140000 tokens (139000 in the messages, 1000 in the completion). Please reduce the length of the messages or completion."
        : simulatedMessage(status);
    return { status, body: { object: 'error', message: message ?? text, type: 'BadRequestError', param: null, code: status } };
  }
  const titles: Record<number, string> = {
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout',
  };
  const detail = status === 401 ? 'Authentication failed' : status === 404 ? `Function for model '${model}' not found` : simulatedMessage(status);
  return {
    status,
    headers: { 'content-type': 'application/problem+json' },
    body: { type: 'about:blank', title: titles[status] ?? 'Error', status, detail: message ?? detail, requestId: randomUUID() },
  };
}

/** Mistral's gateway answers auth failures with a bare message; the API itself with `object: 'error'`. */
function mistralError(status: number, variant: ErrorVariant, { model, message }: ErrorDetails): ErrorReply {
  if (status === 401) return { status, body: { message: message ?? 'Unauthorized', request_id: randomUUID().replaceAll('-', '') } };
  const error = (text: string, type: string, code: string | null): ErrorReply => ({
    status,
    body: { object: 'error', message: message ?? text, type, param: null, code },
  });
  if (variant === 'context_length') {
    return error('Prompt contains 40000 tokens and 0 draft tokens, too large for model with 32768 maximum context length', 'invalid_request_message_error', '3051');
  }
  switch (status) {
    case 404:
      return error(`Invalid model: ${model}`, 'invalid_model', '1500');
    case 429:
      return error('Requests rate limit exceeded', 'rate_limited', '1300');
    case 503:
      return error('Service unavailable', 'service_unavailable', '3000');
    default:
      return error(status >= 500 ? 'Internal server error' : simulatedMessage(status), status >= 500 ? 'internal_server_error' : 'invalid_request_error', null);
  }
}

function anthropicError(status: number, variant: ErrorVariant, { model, message }: ErrorDetails): ErrorReply {
  const types: Record<number, string> = {
    400: 'invalid_request_error',
    401: 'authentication_error',
    402: 'billing_error',
    403: 'permission_error',
    404: 'not_found_error',
    413: 'request_too_large',
    429: 'rate_limit_error',
    500: 'api_error',
    504: 'timeout_error',
    529: 'overloaded_error',
  };
  const texts: Record<number, string> = {
    401: 'invalid x-api-key',
    403: 'Your API key does not have permission to use the specified resource.',
    404: `model: ${model}`,
    413: 'Request exceeds the maximum allowed number of bytes.',
    429: 'This request would exceed the rate limit for your organization of 50 requests per minute. For details, refer to: https://docs.claude.com/en/api/rate-limits.',
    500: 'Internal server error',
    529: 'Overloaded',
  };
  const type = types[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
  const text = variant === 'context_length' ? 'prompt is too long: 208310 tokens > 200000 maximum' : (texts[status] ?? simulatedMessage(status));
  return {
    status,
    headers: { 'request-id': `req_sim_${randomUUID().replaceAll('-', '')}` },
    body: { type: 'error', error: { type, message: message ?? text }, request_id: `req_sim_${randomUUID().replaceAll('-', '')}` },
  };
}

/** Google RPC errors: the HTTP code, a message and the canonical status name. */
function googleError(status: number, variant: ErrorVariant, { model, message }: ErrorDetails): ErrorReply {
  const error = (code: number, text: string, rpcStatus: string, details?: unknown[]): ErrorReply => ({
    status: code,
    body: { error: { code, message: message ?? text, status: rpcStatus, ...(details ? { details } : {}) } },
  });
  if (variant === 'invalid_api_key') {
    // Gemini rejects a wrong key with 400 INVALID_ARGUMENT, not 401; the reason says what it is.
    return error(400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT', [
      { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com', metadata: { service: 'generativelanguage.googleapis.com' } },
    ]);
  }
  if (variant === 'context_length') {
    return error(status, 'The input token count (1048577) exceeds the maximum number of tokens allowed (1048576).', 'INVALID_ARGUMENT');
  }
  switch (status) {
    case 400:
      return error(status, simulatedMessage(status), 'INVALID_ARGUMENT');
    case 401:
      return error(
        status,
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
        'UNAUTHENTICATED',
      );
    case 403:
      return error(
        status,
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
        'PERMISSION_DENIED',
      );
    case 404:
      return error(status, `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`, 'NOT_FOUND');
    case 429:
      return error(status, 'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.', 'RESOURCE_EXHAUSTED');
    case 500:
      return error(status, 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting', 'INTERNAL');
    case 503:
      return error(status, 'The model is overloaded. Please try again later.', 'UNAVAILABLE');
    case 504:
      return error(status, 'Deadline expired before operation could complete.', 'DEADLINE_EXCEEDED');
    default:
      return error(status, simulatedMessage(status), status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION');
  }
}
