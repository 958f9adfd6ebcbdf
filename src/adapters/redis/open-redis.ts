import type { Redis } from 'ioredis';

/** How long one command may wait for Redis, sent or queued while the client reconnects. */
export const redisCommandTimeoutMs = 500;

/**
 * One Redis connection per process, every key under the configured prefix, so several deployments (or test
 * runs) can share one server.
 */
export async function openRedis(url: string, keyPrefix: string): Promise<Redis> {
  // Loaded only when REDIS_URL is set.
  const { Redis: RedisClient } = await import('ioredis');
  // A command Redis does not answer within half a second fails (queued while reconnecting included), so an outage
  // answers 503 at once instead of holding requests until Redis is back.
  const redis = new RedisClient(url, { keyPrefix, maxRetriesPerRequest: 2, enableAutoPipelining: true, commandTimeout: redisCommandTimeoutMs });
  // Connection errors surface on the commands that fail; the client reconnects by itself.
  redis.on('error', () => undefined);
  return redis;
}
