import type { FastifyReply } from 'fastify';
import type { UsageSnapshot } from '../domain/quotas/usage-meter.ts';

/**
 * The limit headers of a metered response: `X-RateLimit-*` (Reset in epoch seconds) and the IETF pair
 * `RateLimit-Policy` / `RateLimit`. Unlimited plans send none.
 */
export function setQuotaHeaders(reply: FastifyReply, snapshot: UsageSnapshot, now: Date = new Date()): void {
  reply.headers(quotaHeaders(snapshot, now));
}

/** The same headers as a plain record, for responses written without Fastify's reply (streams). */
export function quotaHeaders(snapshot: UsageSnapshot, now: Date = new Date()): Record<string, string> {
  if (snapshot.limit === null || snapshot.remaining === null) return {};
  return {
    'X-RateLimit-Limit': String(snapshot.limit),
    'X-RateLimit-Remaining': String(snapshot.remaining),
    'X-RateLimit-Reset': String(Math.ceil(snapshot.resetAt.getTime() / 1000)),
    ...policyHeaders('daily', snapshot, now),
  };
}

/** The free tier's headers: `X-Free-Remaining` on every response, and the IETF pair for its window. */
export function setFreeTierHeaders(reply: FastifyReply, snapshot: UsageSnapshot, now: Date = new Date()): void {
  reply.headers(freeTierHeaders(snapshot, now));
}

export function freeTierHeaders(snapshot: UsageSnapshot, now: Date = new Date()): Record<string, string> {
  return { 'X-Free-Remaining': String(snapshot.remaining ?? 0), ...policyHeaders('free', snapshot, now) };
}

function policyHeaders(name: string, snapshot: UsageSnapshot, now: Date): Record<string, string> {
  const untilReset = Math.max(0, Math.ceil((snapshot.resetAt.getTime() - now.getTime()) / 1000));
  return {
    'RateLimit-Policy': `"${name}";q=${snapshot.limit};w=${snapshot.windowSeconds}`,
    RateLimit: `"${name}";r=${snapshot.remaining};t=${untilReset}`,
  };
}
