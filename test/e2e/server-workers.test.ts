import { createServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startUpstreamSimulator, type UpstreamSimulator } from '../../tools/upstream-simulator/simulator-server.ts';
import { callsPerStep, createKey, simulatedEnvironment, startRun, untilStepCalled } from '../support/ad-campaign-processes.ts';
import { plansWithApiPlan } from '../support/plans-file.ts';
import { pollRun } from '../support/playbook-runs.ts';
import { runCli, startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { childPids, followEvents, freshRequest, servedBy, sqliteLeaseOwner } from '../support/server-workers.ts';
import { freshPostgresUrl, freshSqliteUrl } from '../support/test-databases.ts';
import { freshRedisPrefix, testRedisUrl } from '../support/test-redis.ts';
import { waitFor } from '../support/wait-for.ts';

/** `agentapi serve --workers N`: one primary, N worker processes sharing the port, one service. */
const started: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.stop('SIGKILL')));
});

async function serveWorkers(workers: number, env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ LOG_FORMAT: 'json', ...env }, { args: ['--workers', String(workers)], startupMs: 40_000 });
  started.push(server);
  return server;
}

const pid = (server: ServerProcess) => server.process.pid ?? 0;

describe('the processes', () => {
  it('--workers 1 is a single process, as before: no primary, nothing forked', async () => {
    const server = await serveWorkers(1, { DATABASE_URL: freshSqliteUrl() });
    expect(server.output()).toMatch(/Agent Execution API listening on http:\/\/127\.0\.0\.1:\d+"/);
    expect((await freshRequest(`${server.url}/healthz`)).status).toBe(200);
    expect(childPids(pid(server))).toEqual([]);
  });

  it('replaces a worker killed with SIGKILL and keeps answering; SIGTERM to the primary stops every process with exit 0', async () => {
    const server = await serveWorkers(2, { DATABASE_URL: freshSqliteUrl() });
    expect(server.output()).toContain('with 2 workers');
    const workers = childPids(pid(server));
    expect(workers).toHaveLength(2);

    process.kill(workers[0] ?? 0, 'SIGKILL');
    // Once the primary knows (a connection handed to the worker as it died is lost with it), the other
    // worker answers every request while the replacement starts.
    await waitFor(() => server.output().includes('exited unexpectedly; starting another in 250 ms'), { what: 'the restart logged' });
    const during = await Promise.all(Array.from({ length: 10 }, () => freshRequest(`${server.url}/healthz`)));
    expect(during.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 200));
    const replaced = await waitFor(() => {
      const now = childPids(pid(server));
      return now.length === 2 && !now.includes(workers[0] ?? 0) && now;
    }, { timeoutMs: 20_000, what: () => `a new worker (children: ${childPids(pid(server)).join(', ')})` });
    await waitFor(() => server.output().includes('"worker":3,') && server.output().includes('server worker 3 ready'), { timeoutMs: 20_000, what: 'the new worker ready' });
    const after = await Promise.all(Array.from({ length: 10 }, () => freshRequest(`${server.url}/healthz`)));
    expect(after.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(new Set(await Promise.all(after.map((answer) => servedBy(server, answer.requestId))))).toEqual(new Set([2, 3]));

    expect(await server.stop('SIGTERM')).toBe(0);
    for (const worker of replaced) expect(() => process.kill(worker, 0)).toThrow();
  });

  it('/metrics answers for every worker: the requests of both are summed', async () => {
    const server = await serveWorkers(2, { DATABASE_URL: freshSqliteUrl() });
    const answers = await Promise.all(Array.from({ length: 20 }, () => freshRequest(`${server.url}/healthz`)));
    const byWorker = await Promise.all(answers.map((answer) => servedBy(server, answer.requestId)));
    expect(new Set(byWorker)).toEqual(new Set([1, 2]));
    for (const attempt of [1, 2]) {
      const metrics = await freshRequest(`${server.url}/metrics`);
      expect(metrics.status, `scrape ${attempt}`).toBe(200);
      expect(metrics.body).toContain('agentapi_http_requests_total{method="GET",route="/healthz",status="200"} 20\n');
    }
  });

  it('stops with exit code 1 when the workers cannot start (the port is taken), as one process would', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = String((taken.address() as AddressInfo).port);
      const result = await runCli(['serve', '--workers', '2'], { DATABASE_URL: freshSqliteUrl(), HOST: '127.0.0.1', PORT: port, LOG_FORMAT: 'json' });
      expect(result.code).toBe(1);
      expect(result.stderr + result.stdout).toContain('EADDRINUSE');
      expect(result.stdout).toContain('exited while the server was starting; stopping');
    } finally {
      taken.close();
    }
  });

  it('refuses --workers 0, abc and 1000 as a usage mistake', async () => {
    for (const value of ['0', 'abc', '1000']) {
      const result = await runCli(['serve', '--workers', value], { DATABASE_URL: freshSqliteUrl() });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`--workers must be a whole number from 1 to 64 (got "${value}")`);
    }
  });
});

describe.each([
  { backend: 'SQLite', env: async () => ({ DATABASE_URL: freshSqliteUrl() }) },
  { backend: 'PostgreSQL + Redis', env: async () => ({ DATABASE_URL: await freshPostgresUrl(), REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: freshRedisPrefix() }) },
])('a daily limit across two workers on $backend', ({ env }) => {
  it('admits exactly the limit of 40 simultaneous requests for 6, the rest 429, nothing else', async () => {
    const environment = { ...(await env()), PLANS_FILE: plansWithApiPlan('tiny', 'Tiny', 6) };
    expect((await runCli(['migrate'], environment)).code).toBe(0);
    const created = await runCli(['keys', 'create', '--user', 'counted', '--plan', 'tiny', '--json'], environment);
    expect(created.code, created.stderr).toBe(0);
    const { key } = JSON.parse(created.stdout) as { key: string };
    const server = await serveWorkers(2, environment);

    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        freshRequest(`${server.url}/api/agents/blog-gen`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: { prompt: `post ${index}` } }),
      ),
    );
    // Anything but a success or a 429 is shown whole, so a failure says what went wrong.
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 429)).toEqual([]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(6);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(34);
    expect(new Set(await Promise.all(answers.map((answer) => servedBy(server, answer.requestId))))).toEqual(new Set([1, 2]));
    const usage = await freshRequest(`${server.url}/api/usage`, { headers: { authorization: `Bearer ${key}` } });
    expect((JSON.parse(usage.body) as { data: { api: { used: number } } }).data.api.used).toBe(6);
  });
});

describe('runs across two workers on SQLite, every provider the simulator', () => {
  let simulator: UpstreamSimulator;
  beforeAll(async () => {
    simulator = await startUpstreamSimulator({ requestLogLimit: 5000 });
  });
  afterEach(() => simulator.reset());
  afterAll(async () => {
    await simulator.close();
  });

  async function clusterWithRun(latencyMs: number, leaseMs: number) {
    const env = { ...simulatedEnvironment(simulator, leaseMs), DATABASE_URL: freshSqliteUrl() };
    expect((await runCli(['migrate'], env)).code).toBe(0);
    const key = await createKey(env);
    simulator.setFaults({ default: { latencyMs } });
    const server = await serveWorkers(2, env);
    return { env, key, server };
  }

  it('a follower on the other worker sees each event within 250 ms of a follower on the worker running the steps', async () => {
    const { key, server } = await clusterWithRun(400, 30_000);
    const runId = await startRun(server, key);
    const followers = Array.from({ length: 4 }, () => followEvents(`${server.url}/api/playbooks/runs/${runId}/events`, key));
    const steps = await waitFor(() => server.output().split('\n').find((line) => line.includes('"msg":"request"') && line.includes('"route":"/api/playbooks/run"')), { what: 'the start logged' });
    const runner = (JSON.parse(steps) as { worker: number }).worker;
    const placed = await Promise.all(followers.map(async (follower) => ({ follower, worker: await servedBy(server, await follower.requestId) })));
    const local = placed.find((each) => each.worker === runner)?.follower;
    const remote = placed.find((each) => each.worker !== runner)?.follower;
    expect(local && remote, `followers on workers ${placed.map((each) => each.worker).join(', ')}, steps on ${runner}`).toBeTruthy();
    await Promise.all(followers.map((follower) => follower.ended));

    const connected = Math.max(...(local && remote ? [local, remote] : []).map((follower) => follower.events[0]?.at ?? 0));
    // Events that happened once both streams were open: the remote one hears of them through the primary.
    const delays = (local?.events ?? []).filter((event) => event.at > connected + 50).map((event) => (remote?.events.find((other) => other.id === event.id)?.at ?? Infinity) - event.at);
    expect(delays.length).toBeGreaterThanOrEqual(4);
    expect(remote?.events.map((event) => event.event)).toEqual(local?.events.map((event) => event.event));
    // Negative when the worker running the step was too busy to read the event before the other one.
    console.info(`remote minus local arrival over ${delays.length} events: max ${Math.max(...delays).toFixed(1)} ms, median ${delays.sort((a, b) => a - b)[Math.floor(delays.length / 2)]?.toFixed(1)} ms`);
    expect(Math.max(...delays)).toBeLessThan(250);
  });

  it('a model whose circuit one worker opened is skipped by the other', async () => {
    const env = { ...simulatedEnvironment(simulator, 30_000), CIRCUIT_FAILURE_THRESHOLD: '2', CIRCUIT_COOLDOWN_MS: '600000', DATABASE_URL: freshSqliteUrl() };
    expect((await runCli(['migrate'], env)).code).toBe(0);
    const key = await createKey(env);
    const server = await serveWorkers(2, env);
    const ask = async () => {
      const answer = await freshRequest(`${server.url}/api/v1/agents/blog-gen`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: { prompt: 'a post on bookkeeping' } });
      expect(answer.status, answer.body).toBe(200);
      return { worker: await servedBy(server, answer.requestId), meta: (JSON.parse(answer.body) as { meta: { routing: { chain: string[] }; attempts: { model: string; outcome: string }[] } }).meta };
    };
    const failing = (await ask()).meta.routing.chain[0] ?? '';
    simulator.setFaults({ models: { [failing.split('/').slice(1).join('/')]: { failureRate: 1, failWith: { type: 'http', status: 503 } } } });

    const seen: { worker: number; failed: number }[] = [];
    for (let index = 0; index < 8; index += 1) {
      const { worker, meta } = await ask();
      seen.push({ worker, failed: meta.attempts.filter((attempt) => attempt.model === failing && attempt.outcome !== 'ok').length });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The request after which one worker had seen the threshold of failures: from then on, no worker tries the model.
    const failures = new Map<number, number>();
    const opened = seen.findIndex(({ worker, failed }) => failures.set(worker, (failures.get(worker) ?? 0) + failed).get(worker) === 2 || (failures.get(worker) ?? 0) > 2);
    expect(opened, JSON.stringify(seen)).toBeGreaterThan(-1);
    const after = seen.slice(opened + 1);
    expect(after.map((request) => request.failed), JSON.stringify(seen)).toEqual(after.map(() => 0));
    expect(new Set(after.map((request) => request.worker))).toEqual(new Set([1, 2]));
  });

  it('a worker killed mid-step does not lose the run: it completes, each finished step run once', async () => {
    const { env, key, server } = await clusterWithRun(1500, 1500);
    const runId = await startRun(server, key);
    await untilStepCalled(simulator, 1);
    const owner = await sqliteLeaseOwner(env.DATABASE_URL, runId, 1);
    const victim = childPids(pid(server)).find((child) => owner.includes(`:${child}:`));
    expect(victim, `no worker owns ${owner}`).toBeDefined();
    process.kill(victim ?? 0, 'SIGKILL');
    simulator.setFaults({ default: { latencyMs: 200 } });
    await waitFor(() => server.output().includes('exited unexpectedly'), { what: 'the restart logged' });

    // Each look on a connection of its own: a kept-alive one to the killed worker died with it.
    const get = async (url: string) => {
      const answer = await freshRequest(`${server.url}${url}`, { headers: { authorization: `Bearer ${key}` } });
      return { status: answer.status, json: () => JSON.parse(answer.body) as unknown };
    };
    const run = await pollRun(get, `/api/playbooks/runs/${runId}`, (current) => current.done, 30_000);
    expect(run).toMatchObject({ status: 'done', progress: 100, error: null });
    expect(run.steps.map((step) => step.attempts)).toEqual([1, 2, 1]);
    expect(callsPerStep(simulator)).toEqual([1, 2, 1]);
  });
});
