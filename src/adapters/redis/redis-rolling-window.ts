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

export class RedisRollingWindow implements RollingWindowLimiter {
  readonly #redis: Redis;

  constructor(redis: Redis) {
    this.#redis = redis;
  }

  async tryHit(key: string, limit: number, windowMs: number, now: number): Promise<WindowResult> {
    const hitId = randomUUID();
    const [accepted, count, oldest] = (await this.#redis.eval(tryHitScript, 1, key, limit, windowMs, now, hitId)) as [number, number, string];
    return {
      accepted: accepted === 1,
      count: Number(count),
      oldestExpiresAt: oldest === '' ? null : Number(oldest) + windowMs,
      hitId: accepted === 1 ? hitId : null,
    };
  }

  async removeHit(key: string, hitId: string): Promise<void> {
    await this.#redis.zrem(key, hitId);
  }

  async count(key: string, windowMs: number, now: number): Promise<number> {
    return this.#redis.zcount(key, `(${now - windowMs}`, '+inf');
  }
}
