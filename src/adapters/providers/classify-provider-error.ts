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
 * Maps whatever a provider call threw to an UpstreamError that says whether another model may succeed:
 * timeouts, network errors, 408/409/429/5xx and unusable output advance the chain; errors the request
 * itself caused do not.
 */
export function classifyProviderError(error: unknown): UpstreamError {
  if (error instanceof UpstreamError) return error;
  if (APICallError.isInstance(error)) return classifyApiCallError(error);
  // The provider's answer itself could not be read: a broken or unexpected response body.
  if (JSONParseError.isInstance(error) || TypeValidationError.isInstance(error)) {
    return new UpstreamError('invalid_output', 'the provider answered with a response that could not be read', { retryable: true, cause: error });
  }
  if (isTimeout(error)) return new UpstreamError('timeout', 'the model did not answer in time', { retryable: true, cause: error });
  if (error instanceof TypeError || hasNetworkCode(error)) {
    return new UpstreamError('network', 'the provider could not be reached', { retryable: true, cause: error });
  }
  return new UpstreamError('unknown', error instanceof Error ? error.message : 'unknown provider failure', { retryable: true, cause: error });
}

function classifyApiCallError(error: APICallError): UpstreamError {
  const status = error.statusCode;
  const text = `${error.message} ${error.responseBody ?? ''}`;
  if (status === undefined) return new UpstreamError('network', 'the provider could not be reached', { retryable: true, cause: error });
  // A success status on a failed call: the connection dropped while the body was being read.
  if (status < 400) return new UpstreamError('network', 'the connection to the provider dropped mid-response', { status, retryable: true, cause: error });
  if ((status === 400 || status === 413 || status === 422) && contextLengthPattern.test(text)) {
    return new UpstreamError('context_length', 'the task is longer than the model accepts', { status, retryable: true, cause: error });
  }
  if (status === 400 && invalidApiKeyPattern.test(text)) {
    return new UpstreamError('authentication', 'the provider refused the API key (400)', { status, retryable: true, cause: error });
  }
  if (status === 400 && invalidOutputPattern.test(text)) {
    return new UpstreamError('invalid_output', 'the model did not return usable JSON', { status, retryable: true, cause: error });
  }
  if (status === 408) return new UpstreamError('timeout', 'the provider timed out', { status, retryable: true, cause: error });
  if (status === 429) return new UpstreamError('rate_limited', 'the provider is rate limiting', { status, retryable: true, cause: error });
  if (status === 409 || status >= 500) return new UpstreamError('server_error', `the provider failed (${status})`, { status, retryable: true, cause: error });
  // A rejected key or an unknown model id is this deployment's problem with one provider: another may work.
  if (status === 401 || status === 403 || status === 404) {
    return new UpstreamError('authentication', `the provider refused the call (${status})`, { status, retryable: true, cause: error });
  }
  return new UpstreamError('bad_request', `the provider rejected the request (${status})`, { status, retryable: false, cause: error });
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function hasNetworkCode(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EPIPE|UND_ERR_\w+)$/.test(code);
}
