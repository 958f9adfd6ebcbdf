import type { OutboundError, OutboundFailureKind } from '../../ports/outbound-http.ts';

/** What one attempt's result means for its message: done, worth another try later, or hopeless. */
export type AttemptVerdict = { kind: 'delivered' } | { kind: 'retryable'; error: string } | { kind: 'final'; error: string };

/** The receiver answered with `status`. */
export function verdictOfStatus(status: number): AttemptVerdict {
  if (status >= 200 && status < 300) return { kind: 'delivered' };
  const error = `http_${status}`;
  // 410 Gone: the receiver asked for no more messages at this address.
  if (status === 410) return { kind: 'final', error };
  // Overloaded, rate limited or broken for now: a later attempt may well succeed.
  if (status === 408 || status === 429 || (status >= 500 && status < 600)) return { kind: 'retryable', error };
  // Redirects are not followed (the message goes to the address it was signed for); another 4xx says the
  // request itself is refused, and sending the same bytes again would be refused again.
  return { kind: 'final', error };
}

/** Failures of the way there, which may clear up; the others are about the address and will not. */
const passingFailures: ReadonlySet<OutboundFailureKind> = new Set<OutboundFailureKind>(['timeout', 'network', 'dns_failed']);

/** No response came. */
export function verdictOfFailure(failure: OutboundError): AttemptVerdict {
  const error = `${failure.kind}: ${failure.message}`;
  return passingFailures.has(failure.kind) ? { kind: 'retryable', error } : { kind: 'final', error };
}
