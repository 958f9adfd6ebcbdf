import type { Redis } from 'ioredis';
import type { DependencyPing } from '../../ports/dependency-ping.ts';

/** `PING` on the process's Redis connection. */
export function redisPing(redis: Redis): DependencyPing {
  return {
    name: 'redis',
    async ping() {
      await redis.ping();
    },
  };
}
