import type { FastifyReply } from 'fastify';
import type { UsageSnapshot } from '../domain/quotas/usage-meter.ts';

/**
 * The limit headers of a metered response: `X-RateLimit-*` (Reset in epoch seconds) and the IETF pair
 * `RateLimit-Policy` / `RateLimit`. Unlimited plans send none.
 */
export function setQuotaHeaders(reply: FastifyReply, snapshot: UsageSnapshot, now: Date = new Date()): void {
  if (snapshot.limit === null || snapshot.remaining === null) return;
  const resetSeconds = Math.ceil(snapshot.resetAt.getTime() / 1000);
  reply
    .header('X-RateLimit-Limit', String(snapshot.limit))
    .header('X-RateLimit-Remaining', String(snapshot.remaining))
    .header('X-RateLimit-Reset', String(resetSeconds));
  setPolicyHeaders(reply, 'daily', snapshot, now);
}

/** The free tier's headers: `X-Free-Remaining` on every response, and the IETF pair for its window. */
export function setFreeTierHeaders(reply: FastifyReply, snapshot: UsageSnapshot, now: Date = new Date()): void {
  reply.header('X-Free-Remaining', String(snapshot.remaining ?? 0));
  setPolicyHeaders(reply, 'free', snapshot, now);
}

function setPolicyHeaders(reply: FastifyReply, name: string, snapshot: UsageSnapshot, now: Date): void {
  const untilReset = Math.max(0, Math.ceil((snapshot.resetAt.getTime() - now.getTime()) / 1000));
  reply
    .header('RateLimit-Policy', `"${name}";q=${snapshot.limit};w=${snapshot.windowSeconds}`)
    .header('RateLimit', `"${name}";r=${snapshot.remaining};t=${untilReset}`);
}
