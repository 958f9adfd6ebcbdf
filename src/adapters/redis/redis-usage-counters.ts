import type { Redis } from 'ioredis';
import type { IncrementResult, UsageCounters } from '../../ports/usage-counters.ts';

/** Check and raise in one script: Redis runs scripts one at a time, so concurrent callers never overshoot. */
const tryIncrementScript = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local units = tonumber(ARGV[1])
if ARGV[2] ~= '' and current + units > tonumber(ARGV[2]) then
  return {0, current}
end
local value = redis.call('INCRBY', KEYS[1], units)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {1, value}
`;

const decrementScript = `
if redis.call('EXISTS', KEYS[1]) == 0 then
  return 0
end
local value = redis.call('DECRBY', KEYS[1], ARGV[1])
if value < 0 then
  redis.call('SET', KEYS[1], 0, 'KEEPTTL')
  value = 0
end
return value
`;

const expiryMarginMs = 3_600_000;

/** Counters in Redis, each expiring after the end of the day it counts. */
export class RedisUsageCounters implements UsageCounters {
  readonly #redis: Redis;

  constructor(redis: Redis) {
    this.#redis = redis;
  }

  async tryIncrement(key: string, units: number, limit: number | null, expiresAt: Date, now: Date): Promise<IncrementResult> {
    // A time to live from the caller's clock, plus a margin for units given back just after midnight.
    const ttlMs = Math.max(0, expiresAt.getTime() - now.getTime()) + expiryMarginMs;
    const [accepted, count] = (await this.#redis.eval(tryIncrementScript, 1, key, units, limit === null ? '' : limit, ttlMs)) as [number, number];
    return { accepted: accepted === 1, count: Number(count) };
  }

  async decrement(key: string, units: number): Promise<number> {
    return Number(await this.#redis.eval(decrementScript, 1, key, units));
  }

  async get(key: string): Promise<number> {
    return Number((await this.#redis.get(key)) ?? 0);
  }
}
