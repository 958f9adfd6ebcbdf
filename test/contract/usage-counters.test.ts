import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/adapters/db/migrator.ts';
import { openDatabase, type Database } from '../../src/adapters/db/open-database.ts';
import { SqlRollingWindow } from '../../src/adapters/db/repositories/sql-rolling-window.ts';
import { SqlUsageCounters } from '../../src/adapters/db/repositories/sql-usage-counters.ts';
import { openRedis } from '../../src/adapters/redis/open-redis.ts';
import { RedisRollingWindow } from '../../src/adapters/redis/redis-rolling-window.ts';
import { RedisUsageCounters } from '../../src/adapters/redis/redis-usage-counters.ts';
import type { RollingWindowLimiter } from '../../src/ports/rolling-window-limiter.ts';
import type { UsageCounters } from '../../src/ports/usage-counters.ts';
import { freshDatabaseUrl } from '../support/test-databases.ts';
import { freshRedisPrefix, testRedisUrl } from '../support/test-redis.ts';

interface Backend {
  counters: UsageCounters;
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
    counters: new SqlUsageCounters(database.db),
    window: new SqlRollingWindow(database.db),
    async restart() {
      await database.close();
      database = await openDatabase(url);
      backend.counters = new SqlUsageCounters(database.db);
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
    counters: new RedisUsageCounters(redis),
    window: new RedisRollingWindow(redis),
    async restart() {
      await redis.quit();
      redis = await openRedis(testRedisUrl, prefix);
      backend.counters = new RedisUsageCounters(redis);
      backend.window = new RedisRollingWindow(redis);
    },
    async close() {
      await redis.quit();
    },
  };
  return backend;
}

const backends = { sqlite: () => sqlBackend('sqlite'), postgres: () => sqlBackend('postgres'), redis: redisBackend };
const tomorrow = new Date(Date.now() + 86_400_000);

/** The counter contract: every backend passes the same cases. */
describe.each(Object.keys(backends) as (keyof typeof backends)[])('usage counters on %s', (name) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await backends[name]();
  });
  afterAll(async () => backend.close());

  it('counts up to the limit and refuses past it', async () => {
    expect(await backend.counters.tryIncrement('a', 1, 2, tomorrow, new Date())).toEqual({ accepted: true, count: 1 });
    expect(await backend.counters.tryIncrement('a', 1, 2, tomorrow, new Date())).toEqual({ accepted: true, count: 2 });
    expect(await backend.counters.tryIncrement('a', 1, 2, tomorrow, new Date())).toEqual({ accepted: false, count: 2 });
    expect(await backend.counters.get('a')).toBe(2);
    expect(await backend.counters.get('never-used')).toBe(0);
  });

  it('reserves several units at once, all or nothing', async () => {
    expect(await backend.counters.tryIncrement('b', 3, 5, tomorrow, new Date())).toEqual({ accepted: true, count: 3 });
    expect(await backend.counters.tryIncrement('b', 3, 5, tomorrow, new Date())).toEqual({ accepted: false, count: 3 });
    expect(await backend.counters.tryIncrement('fresh', 6, 5, tomorrow, new Date())).toEqual({ accepted: false, count: 0 });
  });

  it('never refuses without a limit', async () => {
    for (let index = 0; index < 5; index += 1) await backend.counters.tryIncrement('unlimited', 1, null, tomorrow, new Date());
    expect(await backend.counters.get('unlimited')).toBe(5);
  });

  it('gives units back, never below zero', async () => {
    await backend.counters.tryIncrement('c', 2, 10, tomorrow, new Date());
    expect(await backend.counters.decrement('c', 1)).toBe(1);
    expect(await backend.counters.decrement('c', 5)).toBe(0);
    expect(await backend.counters.decrement('missing', 1)).toBe(0);
    expect(await backend.counters.get('missing')).toBe(0);
  });

  it('with N left, N+20 simultaneous increments give exactly N successes', async () => {
    const limit = 30;
    await backend.counters.tryIncrement('race', 10, limit, tomorrow, new Date());
    const results = await Promise.all(Array.from({ length: 40 }, () => backend.counters.tryIncrement('race', 1, limit, tomorrow, new Date())));
    expect(results.filter((result) => result.accepted)).toHaveLength(20);
    expect(results.filter((result) => !result.accepted)).toHaveLength(20);
    expect(await backend.counters.get('race')).toBe(limit);
  });

  it('keeps counts across a restart', async () => {
    await backend.counters.tryIncrement('durable', 4, 10, tomorrow, new Date());
    await backend.restart();
    expect(await backend.counters.get('durable')).toBe(4);
  });
});

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
