import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startUpstreamSimulator, type UpstreamSimulator } from '../../tools/upstream-simulator/simulator-server.ts';
import { allProvidersAt } from '../support/all-providers.ts';
import { parseEventStream, pollRun, type RunView } from '../support/playbook-runs.ts';
import { runCli, startServerProcess, startWorkerProcess, type ServerProcess } from '../support/server-process.ts';
import { freshPostgresUrl, freshSqliteUrl } from '../support/test-databases.ts';
import { freshRedisPrefix, testRedisUrl } from '../support/test-redis.ts';

/**
 * A process killed (SIGKILL) while it runs a playbook step: another process, or the same one restarted,
 * completes the run, and no step that had finished runs again. Every provider is the simulator, slowed down
 * so that a step is still running when the kill comes; requests are told apart by their step's prompt.
 */
let simulator: UpstreamSimulator;
const processes: ServerProcess[] = [];

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

const adCampaign = { playbook_id: 'ad-campaign', inputs: { product: 'A bookkeeping app for freelancers', audience: 'freelance designers', platform: 'LinkedIn' } };
/** Text only each step's prompt contains. */
const stepMarkers = ['paid-advertising strategy for this product', 'Which agents and model tier should produce the assets', 'Write the final copy for each ad concept'];

function baseEnvironment(): Record<string, string> {
  return {
    ...allProvidersAt(simulator),
    SAFETY_CRITIC: 'rubric',
    SAFETY_JUDGE: 'off',
    CIRCUIT_FAILURE_THRESHOLD: '1000',
    UPSTREAM_TIMEOUT_MS: '20000',
    PLAYBOOK_LEASE_MS: '1500',
    LOG_LEVEL: 'info',
  };
}

/** Model calls made for each step so far. */
function callsPerStep(): number[] {
  const bodies = simulator.requests().map((request) => JSON.stringify(request.body));
  return stepMarkers.map((marker) => bodies.filter((body) => body.includes(marker)).length);
}

async function untilStepCalled(stepIndex: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((callsPerStep()[stepIndex] ?? 0) === 0) {
    if (Date.now() > deadline) throw new Error(`step ${stepIndex} never reached a model; calls: ${callsPerStep().join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function createKey(env: Record<string, string>): Promise<string> {
  const created = await runCli(['keys', 'create', '--user', 'durable', '--plan', 'enterprise', '--json'], env);
  expect(created.code, created.stderr).toBe(0);
  return (JSON.parse(created.stdout) as { key: string }).key;
}

async function startRun(server: ServerProcess, key: string): Promise<string> {
  const response = await fetch(`${server.url}/api/playbooks/run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(adCampaign),
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { data: { runId: string } }).data.runId;
}

function getter(server: ServerProcess, key: string) {
  return async (url: string) => {
    const response = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${key}` } });
    return { status: response.status, json: () => response.json() };
  };
}

function expectCompletedOnce(run: RunView): void {
  expect(run).toMatchObject({ status: 'done', progress: 100, error: null });
  expect(run.steps.map((step) => step.status)).toEqual(['done', 'done', 'done']);
  // Step 1 was claimed again after its process died; the others exactly once.
  expect(run.steps.map((step) => step.attempts)).toEqual([1, 2, 1]);
  // Step 0 finished before the kill and never ran again; step 1's first call died with its process.
  expect(callsPerStep()).toEqual([1, 2, 1]);
}

describe('a process killed mid-step', () => {
  it('on SQLite: the restarted server completes the run, each finished step run once', async () => {
    const env = { ...baseEnvironment(), DATABASE_URL: freshSqliteUrl() };
    expect((await runCli(['migrate'], env)).code).toBe(0);
    const key = await createKey(env);
    simulator.setFaults({ default: { latencyMs: 1500 } });
    const first = await startServerProcess(env);
    processes.push(first);
    const runId = await startRun(first, key);

    await untilStepCalled(1);
    await first.stop('SIGKILL');
    simulator.setFaults({ default: { latencyMs: 200 } });

    const restarted = await startServerProcess(env);
    processes.push(restarted);
    const run = await pollRun(getter(restarted, key), `/api/playbooks/runs/${runId}`, (current) => current.done, 30_000);
    expectCompletedOnce(run);
  });

  it('on PostgreSQL + Redis with two workers: the other worker completes the run', async () => {
    const databaseUrl = await freshPostgresUrl();
    const env = { ...baseEnvironment(), DATABASE_URL: databaseUrl, REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: freshRedisPrefix() };
    expect((await runCli(['migrate'], env)).code).toBe(0);
    const key = await createKey(env);
    simulator.setFaults({ default: { latencyMs: 1500 } });
    // The API process only queues; the two workers execute.
    const api = await startServerProcess({ ...env, PLAYBOOK_SERVER_WORKER: 'false' });
    const workers = [await startWorkerProcess(env), await startWorkerProcess(env)];
    processes.push(api, ...workers);
    const runId = await startRun(api, key);
    // Followed on the API process, which runs no step: every event reaches it from the workers.
    const stream = fetch(`${api.url}/api/playbooks/runs/${runId}/events`, { headers: { authorization: `Bearer ${key}` } }).then((response) => response.text());

    await untilStepCalled(1);
    const owner = await leaseOwner(databaseUrl, runId, 1);
    const victim = workers.find((worker) => owner.includes(`:${worker.process.pid}:`));
    expect(victim, `no worker owns ${owner}`).toBeDefined();
    await victim?.stop('SIGKILL');
    simulator.setFaults({ default: { latencyMs: 200 } });

    const run = await pollRun(getter(api, key), `/api/playbooks/runs/${runId}`, (current) => current.done, 30_000);
    expectCompletedOnce(run);
    const events = parseEventStream(await stream);
    expect(events.map((event) => event.id)).toEqual(events.map((_, index) => String(index + 1)));
    expect(events.map((event) => `${event.event}${event.data.stepIndex === undefined ? '' : ` ${String(event.data.stepIndex)}`}`)).toEqual([
      'run.started',
      'step.started 0',
      'step.completed 0',
      'step.started 1',
      'step.started 1',
      'step.completed 1',
      'step.started 2',
      'step.completed 2',
      'run.completed',
    ]);
    expect(events[4]?.data.attempt).toBe(2);
  });
});

async function query<Row>(databaseUrl: string, text: string, values: unknown[]): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** The process holding the claim on a running step. */
async function leaseOwner(databaseUrl: string, runId: string, stepIndex: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await query<{ lease_owner: string | null }>(databaseUrl, 'SELECT lease_owner FROM playbook_steps WHERE run_id = $1 AND step_index = $2', [runId, stepIndex]);
    const owner = rows[0]?.lease_owner;
    if (owner) return owner;
    if (Date.now() > deadline) throw new Error('the step was never claimed');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
