import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RollingWindowLimiter, WindowResult } from '../../ports/rolling-window-limiter.ts';

/** A sorted set of hits per key (score = time): trim, count, add, all in one atomic script. */
const tryHitScript = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, count, oldest[2] or ''}
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {1, count + 1, oldest[2]}
`;

/** Hits whose outcome is unknown, kept at most this many (the oldest are dropped: they expire with their window). */
const maxUncertainHits = 10_000;
/** A hit is taken as absent once this many removals found nothing (the first may run before a delayed script). */
const absentConfirmations = 2;

/**
 * A hit the client gave up on (a command timeout while Redis was away) may still be added when the
 * queued script reaches Redis after reconnecting; a removal that failed leaves a hit that was given
 * back. Either way the request was not served, so the hit is removed later: once at once (queued
 * behind the script on the same connection), and again each time Redis is ready, until a removal
 * finds it or has confirmed twice that it is not there.
 */
export class RedisRollingWindow implements RollingWindowLimiter {
  readonly #redis: Redis;
  readonly #uncertain = new Map<string, { key: string; absent: number }>();

  constructor(redis: Redis) {
    this.#redis = redis;
    redis.on('ready', () => {
      setTimeout(() => this.#removeUncertain(), 50).unref();
      setTimeout(() => this.#removeUncertain(), 1000).unref();
    });
  }

  async tryHit(key: string, limit: number, windowMs: number, now: number): Promise<WindowResult> {
    const hitId = randomUUID();
    try {
      const [accepted, count, oldest] = (await this.#redis.eval(tryHitScript, 1, key, limit, windowMs, now, hitId)) as [number, number, string];
      return {
        accepted: accepted === 1,
        count: Number(count),
        oldestExpiresAt: oldest === '' ? null : Number(oldest) + windowMs,
        hitId: accepted === 1 ? hitId : null,
      };
    } catch (error) {
      this.#removeLater(key, hitId);
      throw error;
    }
  }

  async removeHit(key: string, hitId: string): Promise<void> {
    try {
      await this.#redis.zrem(key, hitId);
    } catch (error) {
      this.#removeLater(key, hitId);
      throw error;
    }
  }

  async count(key: string, windowMs: number, now: number): Promise<number> {
    return this.#redis.zcount(key, `(${now - windowMs}`, '+inf');
  }

  /** How many hits are still waiting to be removed (for tests and metrics). */
  get uncertainHits(): number {
    return this.#uncertain.size;
  }

  #removeLater(key: string, hitId: string): void {
    if (this.#uncertain.size >= maxUncertainHits) {
      const oldest = this.#uncertain.keys().next().value;
      if (oldest !== undefined) this.#uncertain.delete(oldest);
    }
    this.#uncertain.set(hitId, { key, absent: 0 });
    this.#removeOne(hitId);
  }

  #removeUncertain(): void {
    for (const hitId of [...this.#uncertain.keys()]) this.#removeOne(hitId);
  }

  #removeOne(hitId: string): void {
    const entry = this.#uncertain.get(hitId);
    if (entry === undefined) return;
    this.#redis.zrem(entry.key, hitId).then(
      (removed) => {
        entry.absent = removed > 0 ? absentConfirmations : entry.absent + 1;
        if (entry.absent >= absentConfirmations) this.#uncertain.delete(hitId);
      },
      () => undefined,
    );
  }
}
