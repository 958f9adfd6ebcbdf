import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startUpstreamSimulator, type UpstreamSimulator } from '../../tools/upstream-simulator/simulator-server.ts';
import { allProvidersAt } from '../support/all-providers.ts';
import { runCli, startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { freshPostgresUrl } from '../support/test-databases.ts';
import { freshRedisPrefix, testRedisUrl } from '../support/test-redis.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * Quota units of requests in flight when their API process is killed or paused: the process that died gives
 * nothing back itself, so its holds expire and another process gives them back; a paused process that wakes
 * up records its runs and counts them again. Either way the day's usage equals what the stored runs kept.
 * Every provider is the simulator, slowed down so that requests are still in flight when the signal comes.
 */
let simulator: UpstreamSimulator;
const processes: ServerProcess[] = [];
const requestCount = 8;

beforeAll(async () => {
  simulator = await startUpstreamSimulator({ requestLogLimit: 5000 });
});
afterEach(async () => {
  await Promise.all(processes.splice(0).map((child) => child.stop('SIGKILL')));
  simulator.reset();
});
afterAll(async () => {
  await simulator.close();
});

interface Setup {
  env: Record<string, string>;
  key: string;
  /** Successful runs stored for the account today: what the quota must show. */
  storedRuns(): Promise<number>;
  close(): Promise<void>;
}

async function setUp(): Promise<Setup> {
  const databaseUrl = await freshPostgresUrl();
  const env = {
    ...allProvidersAt(simulator),
    DATABASE_URL: databaseUrl,
    REDIS_URL: testRedisUrl,
    REDIS_KEY_PREFIX: freshRedisPrefix(),
    SAFETY_CRITIC: 'rubric',
    SAFETY_JUDGE: 'off',
    UPSTREAM_TIMEOUT_MS: '20000',
    QUOTA_HOLD_MS: '1000',
    LOG_LEVEL: 'info',
  };
  expect((await runCli(['migrate'], env)).code).toBe(0);
  const created = await runCli(['keys', 'create', '--user', 'held', '--plan', 'free', '--json'], env);
  const { key } = JSON.parse(created.stdout) as { key: string };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    env,
    key,
    async storedRuns() {
      const { rows } = await client.query<{ n: string }>("select count(*) as n from runs where status = 'succeeded' and surface = 'api'");
      return Number(rows[0]?.n ?? 0);
    },
    close: () => client.end(),
  };
}

function sendRequests(server: ServerProcess, key: string): Promise<unknown>[] {
  return Array.from({ length: requestCount }, (_, index) =>
    fetch(`${server.url}/api/agents/summarize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ prompt: `Summarise note ${index}: the quarterly numbers are in and the team met its targets.` }),
    }).catch((error: unknown) => error),
  );
}

async function usedToday(server: ServerProcess, key: string): Promise<number> {
  const response = await fetch(`${server.url}/api/usage`, { headers: { authorization: `Bearer ${key}` } });
  return ((await response.json()) as { data: { api: { used: number } } }).data.api.used;
}

async function untilUpstreamCalls(count: number): Promise<void> {
  await waitFor(() => simulator.requests().length >= count, { timeoutMs: 20_000, intervalMs: 20, what: () => `${count} model calls (${simulator.requests().length} so far)` });
}

/** Polls until usage equals the stored runs, returning both as last read. */
async function untilUsageMatchesStoredRuns(server: ServerProcess, setup: Setup, withinMs: number): Promise<{ used: number; stored: number }> {
  let last = { used: -1, stored: -2 };
  const read = async () => {
    last = { used: await usedToday(server, setup.key), stored: await setup.storedRuns() };
    return last.used === last.stored;
  };
  // Past the wait, the last reading goes back for the test to compare.
  await waitFor(read, { timeoutMs: withinMs, intervalMs: 100 }).catch(() => undefined);
  return last;
}

describe('quota holds of API processes that die or pause mid-request (PostgreSQL + Redis)', () => {
  it('gives back the units of requests whose process was killed, within the hold time plus the reclaim interval', async () => {
    const setup = await setUp();
    try {
      simulator.setFaults({ default: { latencyMs: 4000 } });
      const doomed = await startServerProcess(setup.env);
      const survivor = await startServerProcess(setup.env);
      processes.push(doomed, survivor);
      const requests = sendRequests(doomed, setup.key);
      await untilUpstreamCalls(requestCount);
      expect(await usedToday(survivor, setup.key)).toBe(requestCount);
      await doomed.stop('SIGKILL');
      await Promise.all(requests);

      const started = Date.now();
      const { used, stored } = await untilUsageMatchesStoredRuns(survivor, setup, 5000);
      expect(stored).toBe(0);
      expect(used).toBe(0);
      // Hold time 1 s, reclaimed every 0.5 s.
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await setup.close();
    }
  });

  it('counts again the runs a paused process records after its holds expired: usage equals the stored runs', async () => {
    const setup = await setUp();
    try {
      simulator.setFaults({ default: { latencyMs: 1500 } });
      const paused = await startServerProcess(setup.env);
      const other = await startServerProcess(setup.env);
      processes.push(paused, other);
      const requests = sendRequests(paused, setup.key);
      await untilUpstreamCalls(requestCount);
      paused.process.kill('SIGSTOP');
      // Longer than the hold: the other process gives the paused process's units back meanwhile.
      const reclaimed = await untilUsageMatchesStoredRuns(other, setup, 5000);
      expect(reclaimed).toEqual({ used: 0, stored: 0 });
      paused.process.kill('SIGCONT');
      await Promise.all(requests);

      const { used, stored } = await untilUsageMatchesStoredRuns(other, setup, 5000);
      expect(stored).toBe(requestCount);
      expect(used).toBe(requestCount);
    } finally {
      await setup.close();
    }
  });
});
