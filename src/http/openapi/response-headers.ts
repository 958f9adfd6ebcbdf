import type { Metering } from './operations.ts';

type HeaderObject = { description: string; required?: boolean; schema: Record<string, unknown>; example?: unknown };

/** Every header a response of the service may carry, as reusable components (`#/components/headers/…`). */
export const headerComponents: Record<string, HeaderObject> = {
  RequestId: { description: 'The request id: the one sent in X-Request-Id when it was usable, otherwise a new one. Also in error bodies as requestId.', required: true, schema: { type: 'string' }, example: 'req_4f9c2a1be0d3' },
  ResponseTime: { description: 'Time spent answering, in milliseconds', required: true, schema: { type: 'string', pattern: '^[0-9]+\\.[0-9]ms$' }, example: '12.5ms' },
  RateLimitLimit: { description: "The plan's daily quota (absent on unlimited plans)", schema: { type: 'integer' }, example: 1000 },
  RateLimitRemaining: { description: 'Units of the daily quota left', schema: { type: 'integer' }, example: 997 },
  RateLimitReset: { description: 'When the daily quota resets, in epoch seconds', schema: { type: 'integer' }, example: 1767225600 },
  RateLimitPolicy: { description: 'The IETF RateLimit-Policy of the window: `"daily";q=<limit>;w=<seconds>` (`"free"` on the free tier)', schema: { type: 'string' }, example: '"daily";q=1000;w=86400' },
  RateLimit: { description: 'The IETF RateLimit of the window: `"daily";r=<remaining>;t=<seconds to reset>`', schema: { type: 'string' }, example: '"daily";r=997;t=3600' },
  FreeRemaining: { description: 'Free runs this client address has left today', schema: { type: 'integer' }, example: 4 },
  RetryAfter: { description: 'Seconds to wait before trying again', schema: { type: 'integer' }, example: 30 },
  Agent: { description: 'The agent that ran (its id, also when the path named an alias)', schema: { type: 'string' }, example: 'summarize' },
  Model: { description: 'The model that produced the output', schema: { type: 'string' }, example: 'sandbox-fast' },
  Allow: { description: 'The methods the path has, OPTIONS included', required: true, schema: { type: 'string' }, example: 'GET, HEAD, OPTIONS' },
};

export const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** The headers of one response: every one has the request id and time; metering, 429/503 and 405 add theirs. */
export function headersOf(status: string, metering: Metering): Record<string, { $ref: string }> {
  const headers: Record<string, { $ref: string }> = { 'X-Request-Id': headerRef('RequestId'), 'X-Response-Time': headerRef('ResponseTime') };
  if (metering === 'quota') {
    Object.assign(headers, {
      'X-RateLimit-Limit': headerRef('RateLimitLimit'),
      'X-RateLimit-Remaining': headerRef('RateLimitRemaining'),
      'X-RateLimit-Reset': headerRef('RateLimitReset'),
      'RateLimit-Policy': headerRef('RateLimitPolicy'),
      RateLimit: headerRef('RateLimit'),
    });
  }
  if (metering === 'free') Object.assign(headers, { 'X-Free-Remaining': headerRef('FreeRemaining'), 'RateLimit-Policy': headerRef('RateLimitPolicy'), RateLimit: headerRef('RateLimit') });
  if (status === '429' || status === '503') headers['Retry-After'] = headerRef('RetryAfter');
  if (status === '405') headers.Allow = headerRef('Allow');
  return headers;
}
