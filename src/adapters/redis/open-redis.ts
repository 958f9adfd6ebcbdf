import type { Redis } from 'ioredis';

/**
 * One Redis connection per process, every key under the configured prefix, so several deployments (or test
 * runs) can share one server.
 */
export async function openRedis(url: string, keyPrefix: string): Promise<Redis> {
  // Loaded only when REDIS_URL is set.
  const { Redis: RedisClient } = await import('ioredis');
  const redis = new RedisClient(url, { keyPrefix, maxRetriesPerRequest: 2, enableAutoPipelining: true });
  // Connection errors surface on the commands that fail; the client reconnects by itself.
  redis.on('error', () => undefined);
  return redis;
}
