import { afterEach, describe, expect, it } from 'vitest';
import { runCli, startWorkerProcess, type ServerProcess } from '../support/server-process.ts';
import { freshPostgresUrl } from '../support/test-databases.ts';
import { freshRedisPrefix, testRedisUrl } from '../support/test-redis.ts';
import { waitFor } from '../support/wait-for.ts';

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

describe('a worker started before the migrations — errors', () => {
  it('says it waits, and starts taking steps once `agentapi migrate` ran, without a restart', async () => {
    const env = await environment();
    worker = await startWorkerProcess(env, waitingLine);
    expect(worker.output()).not.toContain('Playbook worker started');
    expect((await runCli(['migrate'], env)).code).toBe(0);
    // The pauses grow 1, 2, 4… seconds: the next look comes within a few seconds of the migration.
    const migrated = performance.now();
    const running = worker;
    await waitFor(() => running.output().includes('Playbook worker started'), { timeoutMs: 15_000, intervalMs: 50, what: 'the worker taking steps' });
    expect(performance.now() - migrated).toBeLessThan(15_000);
    expect(worker.process.exitCode).toBeNull();
  });

  it('stops at once when asked to while it waits', async () => {
    worker = await startWorkerProcess(await environment(), waitingLine);
    const started = performance.now();
    expect(await worker.stop('SIGTERM')).toBe(0);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
