import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startUpstreamSimulator, type UpstreamSimulator } from '../../tools/upstream-simulator/simulator-server.ts';
import { callsPerStep as adCampaignCalls, createKey, getter, simulatedEnvironment, startRun, untilStepCalled as untilAdCampaignStepCalled } from '../support/ad-campaign-processes.ts';
import { parseEventStream, pollRun, type RunView } from '../support/playbook-runs.ts';
import { leaseOwner } from '../support/playbook-step-rows.ts';
import { runCli, startServerProcess, startWorkerProcess, type ServerProcess } from '../support/server-process.ts';
import { freshPostgresUrl, freshSqliteUrl } from '../support/test-databases.ts';
import { freshRedisPrefix, testRedisUrl } from '../support/test-redis.ts';

/**
 * A process killed (SIGKILL) while it runs a playbook step: another process, or the same one restarted,
 * completes the run, and no step that had finished runs again. Every provider is the simulator, slowed down
 * so that a step is still running when the kill comes.
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

const baseEnvironment = () => simulatedEnvironment(simulator, 1500);
const callsPerStep = () => adCampaignCalls(simulator);
const untilStepCalled = (stepIndex: number) => untilAdCampaignStepCalled(simulator, stepIndex);

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
