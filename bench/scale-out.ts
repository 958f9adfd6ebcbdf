import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  agentRequest,
  argument,
  benchDatabaseUrl,
  createBenchKey,
  deleteRedisKeys,
  migrateBenchDatabase,
  printTable,
  processCpuMs,
  startBenchServer,
  type BenchServer,
} from './bench-support.ts';
import { waitFor } from './bench-processes.ts';
import { mean, median } from './bench-statistics.ts';

/**
 * Scale-out: the same agent request against (a) one `agentapi serve` on SQLite, (b) one on PostgreSQL +
 * Redis, (c) two on PostgreSQL + Redis sharing one schema and key prefix, the load generator spreading its
 * connections over both. Every target has its own fresh database and the same plan (a limit no run
 * reaches, so every request takes the limited quota hold); the model is the local upstream simulator.
 * Targets run in interleaved rounds so that the machine's other load falls on all of them alike.
 * Run: npm run bench:scale-out [-- --connections 20 --duration 10 --rounds 3 --accounts 1]
 * PostgreSQL and Redis are the local servers (BENCH_POSTGRES_URL, BENCH_REDIS_URL to override).
 */
const connections = argument('connections', 20);
const duration = argument('duration', 10);
const rounds = argument('rounds', 3);
/** Keys (one account each) the requests take in turn: 1 raises one counter; more spread it as real traffic does. */
const accounts = argument('accounts', 1);
const root = new URL('..', import.meta.url).pathname;
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Ports of this benchmark's processes: the simulator, then the API processes. */
const firstPort = argument('port', 4300);
const runId = randomBytes(4).toString('hex');

const simulatorPort = firstPort;
const simulator = spawn(process.execPath, ['tools/upstream-simulator/main.ts', '--port', String(simulatorPort), '--log-limit', '5'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
const simulatorUrl = `http://127.0.0.1:${simulatorPort}`;
await waitFor(`${simulatorUrl}/__control/health`);

const serviceEnvironment = {
  PLANS_FILE: join(root, 'bench/bench-plans.yaml'),
  OPENAI_API_KEY: 'sk-bench',
  OPENAI_BASE_URL: `${simulatorUrl}/openai/v1`,
  // The critic applies its rubric instead of a second model call.
  SAFETY_CRITIC: 'rubric',
};

interface Target {
  name: string;
  servers: BenchServer[];
  keys: string[];
  cleanUp: () => Promise<void>;
}

let nextPort = firstPort + 1;
function startServers(count: number, environment: Record<string, string>): Promise<BenchServer[]> {
  return Promise.all(Array.from({ length: count }, () => startBenchServer({ ...serviceEnvironment, ...environment, PORT: String(nextPort++) }, { showErrors: true })));
}

function createKeys(databaseUrl: string): Promise<string[]> {
  return Promise.all(Array.from({ length: accounts }, (_, index) => createBenchKey(databaseUrl, { plan: 'bench-high', v1Plan: 'enterprise' }, `bench-${index + 1}`)));
}

async function sqliteTarget(): Promise<Target> {
  const databaseUrl = benchDatabaseUrl();
  await migrateBenchDatabase(databaseUrl);
  const keys = await createKeys(databaseUrl);
  const servers = await startServers(1, { DATABASE_URL: databaseUrl });
  return { name: '(a) SQLite, 1 process', servers, keys, cleanUp: async () => undefined };
}

/** Processes sharing a fresh PostgreSQL schema and Redis key prefix. */
async function postgresTarget(processes: number): Promise<Target> {
  const schema = `bench_scale_out_${runId}_${processes}`;
  const keyPrefix = `agentapi-bench-scale-out-${runId}-${processes}:`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const databaseUrl = new URL(postgresUrl);
  databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
  await migrateBenchDatabase(databaseUrl.toString());
  const keys = await createKeys(databaseUrl.toString());
  const servers = await startServers(processes, { DATABASE_URL: databaseUrl.toString(), REDIS_URL: redisUrl, REDIS_KEY_PREFIX: keyPrefix });
  return {
    name: `(${processes === 1 ? 'b' : 'c'}) PostgreSQL + Redis, ${processes} process${processes === 1 ? '' : 'es'}`,
    servers,
    keys,
    cleanUp: async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
      await deleteRedisKeys(redisUrl, keyPrefix);
    },
  };
}

interface Sample {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  serverCpuMsPerRequest: number;
  loaderCpuMsPerRequest: number;
  failures: number;
}

async function load(target: Target, seconds: number): Promise<Sample> {
  const cpuBefore = target.servers.map((server) => processCpuMs(server.child.pid));
  const loaderBefore = process.cpuUsage();
  let sent = 0;
  const result = await autocannon({
    // autocannon spreads its connections over several URLs (its types admit only one).
    url: target.servers.map((server) => `${server.url}/api/agents/summarize`) as unknown as string,
    method: 'POST',
    headers: { authorization: `Bearer ${target.keys[0] ?? ''}`, 'content-type': 'application/json' },
    // Each request takes the next key in turn.
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: `Bearer ${target.keys[(sent += 1) % target.keys.length] ?? ''}` } }) }],
    body: JSON.stringify(agentRequest),
    connections,
    duration: seconds,
  });
  const loader = process.cpuUsage(loaderBefore);
  const serverCpuMs = target.servers.reduce((sum, server, index) => sum + processCpuMs(server.child.pid) - (cpuBefore[index] ?? 0), 0);
  const requests = Math.max(1, result.requests.total);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    serverCpuMsPerRequest: serverCpuMs / requests,
    loaderCpuMsPerRequest: (loader.user + loader.system) / 1000 / requests,
    failures: result.non2xx + result.errors,
  };
}

const targets: Target[] = [];
const uptimeBefore = loadavg();
try {
  targets.push(await sqliteTarget());
  targets.push(await postgresTarget(1));
  targets.push(await postgresTarget(2));
  for (const target of targets) await load(target, 3); // warm-up: JIT, prepared statements, pools
  const samples = new Map<Target, Sample[]>(targets.map((target) => [target, []]));
  for (let round = 0; round < rounds; round += 1) {
    // Each round starts with a different target, so none always runs right after the same neighbour.
    for (let index = 0; index < targets.length; index += 1) {
      const target = targets[(index + round) % targets.length] as Target;
      samples.get(target)?.push(await load(target, duration));
    }
  }
  const uptimeAfter = loadavg();
  // autocannon stops with requests still in flight; they finish before the servers are stopped.
  await new Promise((resolve) => setTimeout(resolve, 2000));

  const baseline = mean((samples.get(targets[0] as Target) ?? []).map((sample) => sample.requestsPerSecond));
  const rows = targets.map((target) => {
    const taken = samples.get(target) ?? [];
    const throughput = mean(taken.map((sample) => sample.requestsPerSecond));
    return [
      target.name,
      Math.round(throughput),
      median(taken.map((sample) => sample.p50)),
      median(taken.map((sample) => sample.p99)),
      mean(taken.map((sample) => sample.serverCpuMsPerRequest)).toFixed(2),
      mean(taken.map((sample) => sample.loaderCpuMsPerRequest)).toFixed(2),
      (throughput / baseline).toFixed(2),
      taken.reduce((sum, sample) => sum + sample.failures, 0),
    ];
  });

  console.log(`\nPOST /api/agents/summarize (openai/gpt-5-mini on the local upstream simulator), ${connections} connections, ${accounts} account${accounts === 1 ? '' : 's'}, ${rounds} interleaved rounds of ${duration} s`);
  console.log(`Node ${process.version}, ${cpus().length} CPU (${cpus()[0]?.model ?? 'unknown'}); load generator, simulator, API processes, PostgreSQL and Redis share the machine.`);
  console.log(`Load average (1/5/15 min) before: ${uptimeBefore.map((value) => value.toFixed(2)).join(' ')}; after: ${uptimeAfter.map((value) => value.toFixed(2)).join(' ')}\n`);
  printTable(['target', 'requests/s', 'p50 (ms)', 'p99 (ms)', 'server CPU ms/request', 'load generator CPU ms/request', 'ratio to (a)', 'non-2xx + errors'], rows);
  console.log(`\nReproduce: npm run bench:scale-out -- --connections ${connections} --duration ${duration} --rounds ${rounds} --accounts ${accounts}`);
} finally {
  for (const target of targets) await Promise.all(target.servers.map((server) => server.stop()));
  for (const target of targets) await target.cleanUp();
  stopSimulator(simulator);
}

function stopSimulator(child: ChildProcess): void {
  if (child.exitCode === null) child.kill('SIGTERM');
}
