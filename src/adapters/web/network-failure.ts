import { OutboundError } from '../../ports/outbound-http.ts';

const plainWords: Record<string, string> = {
  ECONNREFUSED: 'refused the connection',
  ECONNRESET: 'closed the connection unexpectedly',
  EPIPE: 'closed the connection unexpectedly',
  ETIMEDOUT: 'did not accept the connection in time',
  EHOSTUNREACH: 'is unreachable from here',
  ENETUNREACH: 'is on a network unreachable from here',
  EADDRNOTAVAIL: 'has an address that cannot be used from here',
  HPE_INVALID_CONSTANT: 'answered with something that is not HTTP',
  HPE_INVALID_STATUS: 'answered with an invalid HTTP status line',
  HPE_HEADER_OVERFLOW: 'sent response headers that are too large',
};

/** A transport failure in plain words, naming the host and the error code but never a response body. */
export function networkFailure(host: string, error: unknown): OutboundError {
  const code = errorCode(error);
  const known = code === undefined ? undefined : plainWords[code];
  if (known !== undefined) return new OutboundError('network', `${host} ${known} (${code})`, { cause: error });
  if (code !== undefined && /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(code)) {
    return new OutboundError('network', `the secure connection to ${host} failed (${code})`, { cause: error });
  }
  return new OutboundError('network', `the request to ${host} failed${code === undefined ? '' : ` (${code})`}`, { cause: error });
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}
