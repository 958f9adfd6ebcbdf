import { APICallError } from '@ai-sdk/provider';
import { isAbortError, secureJsonParse } from '@ai-sdk/provider-utils';
import type { WholeAnswer } from '../upstream-fetch.ts';
import { openAiErrorShape } from './chat-completion-response.ts';

/** Where a failed call went and what it sent, as every APICallError records it. */
export interface CallRecord {
  url: string;
  requestBodyValues: unknown;
}

/**
 * The APICallError the SDK's OpenAI error handler makes of a non-2xx answer: the error body's message
 * when it is OpenAI's error shape, the status text otherwise; retryable by the SDK's default rule.
 */
export function failedResponseError(response: WholeAnswer, responseBody: string, call: CallRecord): APICallError {
  const common = { ...call, statusCode: response.status, responseHeaders: response.headers, responseBody };
  if (responseBody.trim() !== '') {
    try {
      const data = secureJsonParse(responseBody) as { error: { message: string } };
      if (openAiErrorShape(data)) return new APICallError({ ...common, message: data.error.message, data });
    } catch {
      // Not JSON: the status text stands for the message, as below.
    }
  }
  return new APICallError({ ...common, message: response.statusText });
}

const fetchFailedMessages = ['fetch failed', 'failed to fetch'];
const retryableNetworkCodes = new Set([
  'ConnectionRefused',
  'ConnectionClosed',
  'FailedToOpenSocket',
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * What the SDK throws when the request itself failed (its handleFetchError): an abort or timeout as it
 * is, a network failure as a retryable APICallError without a status, anything else unchanged.
 */
export function fetchFailure(error: unknown, call: CallRecord): unknown {
  if (isAbortError(error) || APICallError.isInstance(error)) return error;
  if (error instanceof TypeError && fetchFailedMessages.includes(error.message.toLowerCase())) {
    const cause = error.cause as { message?: string } | undefined;
    if (cause != null) return new APICallError({ ...call, message: `Cannot connect to API: ${cause.message}`, cause, isRetryable: true });
  }
  if (hasNetworkCode(error)) {
    return new APICallError({ ...call, message: `Cannot connect to API: ${(error as Error).message}`, cause: error, isRetryable: true });
  }
  return error;
}

function hasNetworkCode(error: unknown): boolean {
  const visited = new Set<unknown>();
  let current = error;
  while (current instanceof Error && !visited.has(current)) {
    visited.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && retryableNetworkCodes.has(code)) return true;
    current = current.cause;
  }
  return false;
}
