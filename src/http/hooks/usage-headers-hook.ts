import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UsageMeter, UsageSnapshot } from '../../domain/quotas/usage-meter.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The limit state the handler already knows (from its reservation), so onSend need not ask again. */
    usageSnapshot?: UsageSnapshot;
  }
}

/**
 * Puts the limit headers on every response of a metered route, errors included: from the handler's
 * reservation when there was one, otherwise from the meter's current state. No meter (an anonymous
 * request to an authenticated route) means no headers.
 */
export function usageHeadersOnSend(
  meterOf: (request: FastifyRequest) => UsageMeter | undefined,
  setHeaders: (reply: FastifyReply, snapshot: UsageSnapshot) => void,
) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    let snapshot = request.usageSnapshot;
    if (!snapshot) {
      const meter = meterOf(request);
      snapshot = meter ? await meter.snapshot().catch(() => undefined) : undefined;
    }
    if (snapshot) setHeaders(reply, snapshot);
    return payload;
  };
}
