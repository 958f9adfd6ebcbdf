import { describe, expect, it } from 'vitest';
import type { DependencyPing } from '../../ports/dependency-ping.ts';
import type { SchemaInspector } from '../../ports/schema-inspector.ts';
import { ReadinessProbe } from './readiness-probe.ts';

const migrated: SchemaInspector = { inspect: async () => ({ current: true, pending: [] }) };

function counting(name: DependencyPing['name'], answer: () => Promise<void>): DependencyPing & { calls: number } {
  const ping = { name, calls: 0, ping: () => ((ping.calls += 1), answer()) };
  return ping;
}

describe('ReadinessProbe', () => {
  it('asks every service afresh once its last answer is older than the cache, and reuses it before', async () => {
    let now = 0;
    let databaseUp = true;
    const database = counting('database', async () => {
      if (!databaseUp) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    });
    const probe = new ReadinessProbe({ schema: migrated, pings: [database], options: { timeoutMs: 1000, cacheMs: 1000 }, now: () => now });
    expect((await probe.check()).ready).toBe(true);
    databaseUp = false;
    now = 500;
    expect((await probe.check()).ready).toBe(true);
    expect(database.calls).toBe(1);
    now = 1500;
    const down = await probe.check();
    expect(down).toMatchObject({ ready: false, dependencies: [{ name: 'database', ok: false, error: 'ECONNREFUSED' }] });
    expect(database.calls).toBe(2);
  });

  it('fails a service that does not answer within the timeout instead of waiting for it', async () => {
    const hanging = counting('redis', () => new Promise<void>(() => undefined));
    const probe = new ReadinessProbe({ schema: migrated, pings: [hanging], options: { timeoutMs: 50, cacheMs: 0 } });
    const started = performance.now();
    const readiness = await probe.check();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(readiness).toMatchObject({ ready: false, dependencies: [{ name: 'redis', ok: false, error: 'no answer within 50 ms' }] });
  });

  it('asks once for callers that arrive together, and never repeats a message that names credentials', async () => {
    const database = counting('database', async () => {
      throw new Error('could not connect to postgres://admin:hunter2@db.example:5432/app');
    });
    const probe = new ReadinessProbe({ schema: migrated, pings: [database], options: { timeoutMs: 1000, cacheMs: 1000 } });
    const [first, second] = await Promise.all([probe.check(), probe.check()]);
    expect(database.calls).toBe(1);
    expect(first).toBe(second);
    expect(JSON.stringify(first)).not.toContain('hunter2');
  });

  it('is not ready while the schema is behind, even when every service answers', async () => {
    const behind: SchemaInspector = { inspect: async () => ({ current: false, pending: ['0012-x'] }) };
    const probe = new ReadinessProbe({ schema: behind, pings: [counting('database', async () => undefined)], options: { timeoutMs: 1000, cacheMs: 1000 } });
    expect(await probe.check()).toMatchObject({ ready: false, schema: { pending: ['0012-x'] } });
  });
});
