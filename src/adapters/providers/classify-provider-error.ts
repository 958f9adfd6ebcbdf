import { APICallError, JSONParseError, TypeValidationError } from '@ai-sdk/provider';
import { UpstreamError } from '../../ports/model-gateway.ts';

// Gemini says "The input token count (N) exceeds the maximum number of tokens allowed (M)".
const contextLengthPattern =
  /context[ _-]?(length|window)|maximum context|too many tokens|prompt is too long|token limit|input is too long|exceeds the maximum number of tokens/i;
// Gemini answers a wrong API key with 400 INVALID_ARGUMENT, reason API_KEY_INVALID, rather than 401.
const invalidApiKeyPattern = /API_KEY_INVALID|API key not valid/;
// Groq checks JSON-mode output itself and answers 400 json_validate_failed instead of returning bad JSON.
const invalidOutputPattern = /json_validate_failed/;

/**
 * Maps whatever a provider call threw to an UpstreamError of the right kind: the one place HTTP statuses
 * and transport errors are read. The kind carries what it means for the chain (upstream-failure-kinds.ts):
 * timeouts, network errors, 408/409/429/5xx, refused keys and unusable output advance it; any other 4xx,
 * a request the provider refuses whichever model gets it, stops it.
 */
export function classifyProviderError(error: unknown): UpstreamError {
  if (error instanceof UpstreamError) return error;
  if (APICallError.isInstance(error)) return classifyApiCallError(error);
  // The provider's answer itself could not be read: a broken or unexpected response body.
  if (JSONParseError.isInstance(error) || TypeValidationError.isInstance(error)) {
    return new UpstreamError('invalid_output', 'the provider answered with a response that could not be read', { cause: error });
  }
  if (isTimeout(error)) return new UpstreamError('timeout', 'the model did not answer in time', { cause: error });
  if (error instanceof TypeError || hasNetworkCode(error)) {
    return new UpstreamError('network', 'the provider could not be reached', { cause: error });
  }
  return new UpstreamError('unknown', error instanceof Error ? error.message : 'unknown provider failure', { cause: error });
}

function classifyApiCallError(error: APICallError): UpstreamError {
  const status = error.statusCode;
  const text = `${error.message} ${error.responseBody ?? ''}`;
  if (status === undefined) return new UpstreamError('network', 'the provider could not be reached', { cause: error });
  // A success status on a failed call: the connection dropped while the body was being read.
  if (status < 400) return new UpstreamError('network', 'the connection to the provider dropped mid-response', { status, cause: error });
  if ((status === 400 || status === 413 || status === 422) && contextLengthPattern.test(text)) {
    return new UpstreamError('context_length', 'the task is longer than the model accepts', { status, cause: error });
  }
  if (status === 400 && invalidApiKeyPattern.test(text)) {
    return new UpstreamError('authentication', 'the provider refused the API key (400)', { status, cause: error });
  }
  if (status === 400 && invalidOutputPattern.test(text)) {
    return new UpstreamError('invalid_output', 'the model did not return usable JSON', { status, cause: error });
  }
  if (status === 408) return new UpstreamError('timeout', 'the provider timed out', { status, cause: error });
  if (status === 429) return new UpstreamError('rate_limited', 'the provider is rate limiting', { status, cause: error });
  if (status === 409 || status >= 500) return new UpstreamError('server_error', `the provider failed (${status})`, { status, cause: error });
  // A rejected key or an unknown model id is this deployment's problem with one provider: another may work.
  if (status === 401 || status === 403 || status === 404) {
    return new UpstreamError('authentication', `the provider refused the call (${status})`, { status, cause: error });
  }
  return new UpstreamError('bad_request', `the provider rejected the request (${status})`, { status, cause: error });
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function hasNetworkCode(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EPIPE|UND_ERR_\w+)$/.test(code);
}
