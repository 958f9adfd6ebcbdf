import { describe, expect, it } from 'vitest';
import { OutboundError, type OutboundFailureKind } from '../../ports/outbound-http.ts';
import { verdictOfFailure, verdictOfStatus } from './attempt-verdict.ts';

describe('verdictOfStatus', () => {
  it.each([200, 201, 202, 204, 299])('%i delivers', (status) => {
    expect(verdictOfStatus(status)).toEqual({ kind: 'delivered' });
  });

  it.each([408, 429, 500, 502, 503, 504, 599])('%i is worth another attempt', (status) => {
    expect(verdictOfStatus(status)).toEqual({ kind: 'retryable', error: `http_${status}` });
  });

  it.each([410, 400, 401, 403, 404, 413, 422, 301, 302, 307, 308, 100, 600])('%i ends the message', (status) => {
    expect(verdictOfStatus(status)).toEqual({ kind: 'final', error: `http_${status}` });
  });
});

describe('verdictOfFailure', () => {
  it.each<OutboundFailureKind>(['timeout', 'network', 'dns_failed'])('%s is worth another attempt', (kind) => {
    expect(verdictOfFailure(new OutboundError(kind, 'it went wrong'))).toEqual({ kind: 'retryable', error: `${kind}: it went wrong` });
  });

  it.each<OutboundFailureKind>(['refused_address', 'invalid_url', 'too_many_redirects'])('%s ends the message', (kind) => {
    expect(verdictOfFailure(new OutboundError(kind, 'not there'))).toEqual({ kind: 'final', error: `${kind}: not there` });
  });
});
