import { afterEach, describe, expect, it } from 'vitest';
import { runCli, startWorkerProcess, type ServerProcess } from '../support/server-process.ts';
import { freshPostgresUrl } from '../support/test-databases.ts';
import { freshRedisPrefix, testRedisUrl } from '../support/test-redis.ts';

/** A worker started before `agentapi migrate` waits for the schema instead of failing once and idling. */
const waitingLine = 'waiting for `agentapi migrate` before taking steps';
let worker: ServerProcess | undefined;

afterEach(async () => {
  await worker?.stop('SIGKILL');
  worker = undefined;
});

async function environment(): Promise<Record<string, string>> {
  return { DATABASE_URL: await freshPostgresUrl(), REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: freshRedisPrefix() };
}

async function until(condition: () => boolean, withinMs: number): Promise<number> {
  const started = performance.now();
  while (!condition() && performance.now() - started < withinMs) await new Promise((resolve) => setTimeout(resolve, 50));
  return performance.now() - started;
}

describe('a worker started before the migrations — errors', () => {
  it('says it waits, and starts taking steps once `agentapi migrate` ran, without a restart', async () => {
    const env = await environment();
    worker = await startWorkerProcess(env, waitingLine);
    expect(worker.output()).not.toContain('Playbook worker started');
    expect((await runCli(['migrate'], env)).code).toBe(0);
    // The pauses grow 1, 2, 4… seconds: the next look comes within a few seconds of the migration.
    const waitedMs = await until(() => worker?.output().includes('Playbook worker started') ?? false, 15_000);
    expect(worker.output()).toContain('Playbook worker started');
    expect(waitedMs).toBeLessThan(15_000);
    expect(worker.process.exitCode).toBeNull();
  });

  it('stops at once when asked to while it waits', async () => {
    worker = await startWorkerProcess(await environment(), waitingLine);
    const started = performance.now();
    expect(await worker.stop('SIGTERM')).toBe(0);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
