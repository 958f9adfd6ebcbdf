import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

/** The Redis server tests use (TEST_REDIS_URL, default the local one). */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix no other test run or file shares. */
export function freshRedisPrefix(): string {
  return `${inject('redisPrefix')}${randomBytes(4).toString('hex')}:`;
}
