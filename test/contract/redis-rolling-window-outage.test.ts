import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { openRedis } from '../../src/adapters/redis/open-redis.ts';
import { RedisRollingWindow } from '../../src/adapters/redis/redis-rolling-window.ts';
import { startTcpProxy, through, type TcpProxy } from '../support/tcp-proxy.ts';
import { freshRedisPrefix, testRedisUrl } from '../support/test-redis.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * A hit refused to its caller during a Redis outage must not count once Redis is back: the client gives up
 * on a queued script after its command timeout, but the script can still reach Redis on reconnect.
 */
let redis: Redis | undefined;
let proxy: TcpProxy | undefined;

afterEach(async () => {
  redis?.disconnect();
  await proxy?.close();
  redis = undefined;
  proxy = undefined;
});

const windowMs = 3_600_000;

describe('Redis rolling window across an outage — errors', () => {
  it('counts no hit whose caller was refused while Redis was away, nor one whose release failed', async () => {
    const target = new URL(testRedisUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    redis = await openRedis(through(testRedisUrl, proxy), freshRedisPrefix());
    const window = new RedisRollingWindow(redis);
    const key = 'free:outage-client';

    const kept = await window.tryHit(key, 10, windowMs, Date.now());
    const released = await window.tryHit(key, 10, windowMs, Date.now());
    expect(kept.accepted && released.accepted).toBe(true);

    proxy.cut();
    const refused = await Promise.allSettled([1, 2, 3].map(() => window.tryHit(key, 10, windowMs, Date.now())));
    expect(refused.every((outcome) => outcome.status === 'rejected')).toBe(true);
    await expect(window.removeHit(key, released.hitId ?? '')).rejects.toThrow();
    expect(window.uncertainHits).toBeGreaterThanOrEqual(4);

    proxy.restore();
    await waitFor(() => window.uncertainHits === 0, { what: 'no uncertain hits left' });
    expect(await window.count(key, windowMs, Date.now())).toBe(1);
  });
});
