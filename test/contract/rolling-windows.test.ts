import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/adapters/db/migrator.ts';
import { openDatabase, type Database } from '../../src/adapters/db/open-database.ts';
import { SqlRollingWindow } from '../../src/adapters/db/repositories/sql-rolling-window.ts';
import { openRedis } from '../../src/adapters/redis/open-redis.ts';
import { RedisRollingWindow } from '../../src/adapters/redis/redis-rolling-window.ts';
import type { RollingWindowLimiter } from '../../src/ports/rolling-window-limiter.ts';
import { freshDatabaseUrl } from '../support/test-databases.ts';
import { freshRedisPrefix, testRedisUrl } from '../support/test-redis.ts';

interface Backend {
  window: RollingWindowLimiter;
  /** Drops the connection and opens a new one on the same store: what a process restart does. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

async function sqlBackend(dialect: 'sqlite' | 'postgres'): Promise<Backend> {
  const url = await freshDatabaseUrl(dialect);
  let database: Database = await openDatabase(url);
  await migrateToLatest(database);
  const backend: Backend = {
    window: new SqlRollingWindow(database.db),
    async restart() {
      await database.close();
      database = await openDatabase(url);
      backend.window = new SqlRollingWindow(database.db);
    },
    close: () => database.close(),
  };
  return backend;
}

async function redisBackend(): Promise<Backend> {
  const prefix = freshRedisPrefix();
  let redis: Redis = await openRedis(testRedisUrl, prefix);
  const backend: Backend = {
    window: new RedisRollingWindow(redis),
    async restart() {
      await redis.quit();
      redis = await openRedis(testRedisUrl, prefix);
      backend.window = new RedisRollingWindow(redis);
    },
    async close() {
      await redis.quit();
    },
  };
  return backend;
}

const backends = { sqlite: () => sqlBackend('sqlite'), postgres: () => sqlBackend('postgres'), redis: redisBackend };
describe.each(Object.keys(backends) as (keyof typeof backends)[])('rolling windows on %s', (name) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await backends[name]();
  });
  afterAll(async () => backend.close());
  const hour = 3_600_000;
  const start = 1_800_000_000_000;

  it('allows `limit` hits in any window and frees a slot when the oldest leaves it', async () => {
    expect((await backend.window.tryHit('ip', 3, hour, start)).accepted).toBe(true);
    expect((await backend.window.tryHit('ip', 3, hour, start + 1000)).accepted).toBe(true);
    expect((await backend.window.tryHit('ip', 3, hour, start + 2000)).accepted).toBe(true);
    const refused = await backend.window.tryHit('ip', 3, hour, start + 3000);
    expect(refused).toEqual({ accepted: false, count: 3, oldestExpiresAt: start + hour, hitId: null });
    expect((await backend.window.tryHit('ip', 3, hour, start + hour + 1)).accepted).toBe(true);
    expect(await backend.window.count('ip', hour, start + hour + 1)).toBe(3);
  });

  it('takes back a hit that is removed', async () => {
    const hit = await backend.window.tryHit('undo', 1, hour, start);
    expect((await backend.window.tryHit('undo', 1, hour, start + 1)).accepted).toBe(false);
    await backend.window.removeHit('undo', hit.hitId ?? '');
    expect((await backend.window.tryHit('undo', 1, hour, start + 2)).accepted).toBe(true);
  });

  it('is exact under concurrency', async () => {
    const results = await Promise.all(Array.from({ length: 25 }, () => backend.window.tryHit('busy', 5, hour, start)));
    expect(results.filter((result) => result.accepted)).toHaveLength(5);
    expect(await backend.window.count('busy', hour, start)).toBe(5);
  });

  it('keeps hits across a restart', async () => {
    await backend.window.tryHit('durable', 2, hour, start);
    await backend.restart();
    expect(await backend.window.count('durable', hour, start + 10)).toBe(1);
  });
});
