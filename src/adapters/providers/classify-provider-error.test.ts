import { APICallError, JSONParseError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { UpstreamError, type UpstreamFailureKind } from '../../ports/model-gateway.ts';
import { classifyProviderError } from './classify-provider-error.ts';

const apiCall = (statusCode: number | undefined, responseBody = '') =>
  new APICallError({ message: `status ${statusCode ?? 'none'}`, url: 'http://provider.test/v1', requestBodyValues: {}, statusCode, responseBody });
const withCode = (code: string) => Object.assign(new Error(code), { code });
const named = (name: string) => Object.assign(new Error(name), { name });

interface Row {
  thrown: string;
  error: unknown;
  kind: UpstreamFailureKind;
  retryable: boolean;
  blamesModel: boolean;
  overloaded: boolean;
}

/** Every way a provider call fails, and what the failover is told to do about it. */
const rows: Row[] = [
  { thrown: '500', error: apiCall(500), kind: 'server_error', retryable: true, blamesModel: true, overloaded: true },
  { thrown: '502', error: apiCall(502), kind: 'server_error', retryable: true, blamesModel: true, overloaded: true },
  { thrown: '503', error: apiCall(503), kind: 'server_error', retryable: true, blamesModel: true, overloaded: true },
  { thrown: '409', error: apiCall(409), kind: 'server_error', retryable: true, blamesModel: true, overloaded: true },
  { thrown: '429', error: apiCall(429), kind: 'rate_limited', retryable: true, blamesModel: true, overloaded: true },
  { thrown: '408', error: apiCall(408), kind: 'timeout', retryable: true, blamesModel: true, overloaded: false },
  { thrown: '401', error: apiCall(401), kind: 'authentication', retryable: true, blamesModel: true, overloaded: false },
  { thrown: '403', error: apiCall(403), kind: 'authentication', retryable: true, blamesModel: true, overloaded: false },
  { thrown: '404', error: apiCall(404), kind: 'authentication', retryable: true, blamesModel: true, overloaded: false },
  { thrown: "400 API_KEY_INVALID (Gemini's wrong key)", error: apiCall(400, '{"reason":"API_KEY_INVALID"}'), kind: 'authentication', retryable: true, blamesModel: true, overloaded: false },
  { thrown: '400 context length', error: apiCall(400, 'maximum context length exceeded'), kind: 'context_length', retryable: true, blamesModel: true, overloaded: false },
  { thrown: '413 prompt too long', error: apiCall(413, 'prompt is too long'), kind: 'context_length', retryable: true, blamesModel: true, overloaded: false },
  { thrown: '422 token limit', error: apiCall(422, 'token limit'), kind: 'context_length', retryable: true, blamesModel: true, overloaded: false },
  { thrown: "400 json_validate_failed (Groq's bad JSON)", error: apiCall(400, 'json_validate_failed'), kind: 'invalid_output', retryable: true, blamesModel: true, overloaded: false },
  { thrown: 'plain 400', error: apiCall(400), kind: 'bad_request', retryable: false, blamesModel: false, overloaded: false },
  { thrown: 'plain 413', error: apiCall(413), kind: 'bad_request', retryable: false, blamesModel: false, overloaded: false },
  { thrown: 'plain 422', error: apiCall(422), kind: 'bad_request', retryable: false, blamesModel: false, overloaded: false },
  { thrown: '410', error: apiCall(410), kind: 'bad_request', retryable: false, blamesModel: false, overloaded: false },
  { thrown: '200 on a failed call (dropped mid-body)', error: apiCall(200), kind: 'network', retryable: true, blamesModel: true, overloaded: false },
  { thrown: 'an API call with no status', error: apiCall(undefined), kind: 'network', retryable: true, blamesModel: true, overloaded: false },
  { thrown: 'an unreadable response body', error: new JSONParseError({ text: '{', cause: new SyntaxError('eof') }), kind: 'invalid_output', retryable: true, blamesModel: true, overloaded: false },
  { thrown: 'a TimeoutError', error: named('TimeoutError'), kind: 'timeout', retryable: true, blamesModel: true, overloaded: false },
  { thrown: 'an AbortError', error: named('AbortError'), kind: 'timeout', retryable: true, blamesModel: true, overloaded: false },
  { thrown: 'ECONNRESET', error: withCode('ECONNRESET'), kind: 'network', retryable: true, blamesModel: true, overloaded: false },
  { thrown: 'UND_ERR_SOCKET', error: withCode('UND_ERR_SOCKET'), kind: 'network', retryable: true, blamesModel: true, overloaded: false },
  { thrown: 'a TypeError (fetch failed)', error: new TypeError('fetch failed'), kind: 'network', retryable: true, blamesModel: true, overloaded: false },
  { thrown: 'anything else', error: new Error('odd'), kind: 'unknown', retryable: true, blamesModel: true, overloaded: false },
  { thrown: 'a stream broken after text went out', error: new UpstreamError('interrupted', 'cut'), kind: 'interrupted', retryable: false, blamesModel: true, overloaded: false },
];

describe('classifyProviderError', () => {
  it.each(rows)('$thrown → $kind, retryable $retryable', ({ error, kind, retryable, blamesModel, overloaded }) => {
    const classified = classifyProviderError(error);

    expect(classified).toBeInstanceOf(UpstreamError);
    expect({ kind: classified.kind, retryable: classified.retryable, blamesModel: classified.blamesModel, overloaded: classified.overloaded }).toEqual({
      kind,
      retryable,
      blamesModel,
      overloaded,
    });
  });

  it('keeps the status and the original error', () => {
    const original = apiCall(503);
    const classified = classifyProviderError(original);

    expect({ status: classified.status, cause: classified.cause }).toEqual({ status: 503, cause: original });
  });
});
