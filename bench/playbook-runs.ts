import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  argument,
  benchDatabaseUrl,
  createBenchKey,
  deleteRedisKeys,
  migrateBenchDatabase,
  printTable,
  startBenchServer,
  startBenchWorker,
  type BenchServer,
} from './bench-support.ts';

/**
 * A burst of playbook runs: N runs of `ad-campaign` (three steps on the sandbox provider) started at once
 * over several accounts, then waited for until every one has finished. Embedded mode is one `agentapi serve`
 * on SQLite that executes the steps itself; redis mode is PostgreSQL and Redis, one API process that only
 * takes requests and `agentapi worker` processes that execute the steps. Proves that no run is lost and no
 * step runs twice, and measures how long the burst takes.
 * Run: npm run bench:playbook-runs [-- --mode both --runs 1000 --accounts 10 --account-concurrency 100 --workers 2 --worker-concurrency 16 --timeout 600]
 * PostgreSQL and Redis are the local servers (BENCH_POSTGRES_URL, BENCH_REDIS_URL to override).
 */
const runCount = argument('runs', 1000);
const accountCount = argument('accounts', 10);
const accountConcurrency = argument('account-concurrency', 100);
const workerCount = argument('workers', 2);
const workerConcurrency = argument('worker-concurrency', 16);
const timeoutSeconds = argument('timeout', 600);
const modeIndex = process.argv.indexOf('--mode');
const modeArgument = modeIndex >= 0 ? process.argv[modeIndex + 1] : 'both';
if (modeArgument !== 'embedded' && modeArgument !== 'redis' && modeArgument !== 'both') {
  console.error('--mode must be embedded, redis or both');
  process.exit(2);
}
const modes = modeArgument === 'both' ? (['embedded', 'redis'] as const) : [modeArgument];

const root = new URL('..', import.meta.url).pathname;
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const playbookId = 'ad-campaign';
const platforms = ['Google', 'Meta', 'LinkedIn', 'TikTok', 'YouTube', 'X'];
/** Requests the client has in flight at most, so that it is not what limits the burst. */
const clientConcurrency = 100;
const pollMs = 500;

interface StepView {
  stepIndex: number;
  status: string;
  attempts: number;
}

interface RunView {
  id: string;
  status: string;
  done: boolean;
  durationMs: number | null;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  steps: StepView[];
}

interface Account {
  key: string;
  /** The runs this benchmark started for the account. */
  runIds: Set<string>;
}

/** Settings every process of the service gets: unlimited /api plan, no second model call per step. */
const serviceEnvironment = {
  PLANS_FILE: join(root, 'bench/bench-plans.yaml'),
  SAFETY_CRITIC: 'rubric',
  PLAYBOOK_ACCOUNT_CONCURRENCY: String(accountConcurrency),
  PLAYBOOK_WORKER_CONCURRENCY: String(workerConcurrency),
};

/** Runs `task` for every item with at most `limit` at once. */
async function eachLimited<Item>(items: readonly Item[], limit: number, task: (item: Item, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await task(items[index] as Item, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;

async function createAccounts(databaseUrl: string): Promise<Account[]> {
  const accounts: Account[] = [];
  // One after the other: each is a CLI process opening the database, as an operator runs it.
  for (let index = 0; index < accountCount; index += 1) {
    accounts.push({ key: await createBenchKey(databaseUrl, { plan: 'bench', v1Plan: 'enterprise' }, `bench-playbooks-${index}`), runIds: new Set() });
  }
  return accounts;
}

/** Starts every run, at most `clientConcurrency` requests at once; returns the failures' descriptions. */
async function startRuns(url: string, accounts: Account[]): Promise<string[]> {
  const failures: string[] = [];
  await eachLimited(Array.from({ length: runCount }, (_, index) => index), clientConcurrency, async (index) => {
    const account = accounts[index % accounts.length] as Account;
    const body = {
      playbook_id: playbookId,
      inputs: { product: `Accounting app for freelancers, edition ${index}`, audience: 'freelance designers in Europe', platform: platforms[index % platforms.length] },
    };
    try {
      const response = await fetch(`${url}/api/playbooks/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${account.key}` },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status !== 202) {
        failures.push(`${response.status} ${text.slice(0, 200)}`);
        return;
      }
      account.runIds.add((JSON.parse(text) as { data: { runId: string } }).data.runId);
    } catch (error) {
      failures.push((error as Error).message);
    }
  });
  return failures;
}

/** One page (up to 100) of the account's runs, newest first. */
async function listPage(url: string, account: Account, cursor: string | null): Promise<{ data: RunView[]; meta: { nextCursor: string | null } }> {
  const query = `limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
  const response = await fetch(`${url}/api/playbooks/runs?${query}`, { headers: { authorization: `Bearer ${account.key}` } });
  if (!response.ok) throw new Error(`GET /api/playbooks/runs answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return (await response.json()) as { data: RunView[]; meta: { nextCursor: string | null } };
}

/**
 * Reads one page of runs every `pollMs`, going through the accounts in turn, until every started run has
 * finished or the time is up; an account whose runs have all finished is not read again. A page of 100
 * runs carries every step's result (hundreds of KiB), so reading more often would load the server being
 * measured. The completion time comes from the runs' own timestamps, not from when this notices it.
 * Returns the last view of every run.
 */
async function waitForRuns(url: string, accounts: Account[], deadline: number): Promise<Map<string, RunView>> {
  const views = new Map<string, RunView>();
  const finished = (account: Account) => [...account.runIds].every((id) => views.get(id)?.done === true);
  let open = accounts.filter((account) => account.runIds.size > 0);
  let turn = 0;
  let cursor: string | null = null;
  while (open.length > 0 && performance.now() < deadline) {
    await sleep(pollMs);
    const account = open[turn % open.length] as Account;
    const page = await listPage(url, account, cursor);
    for (const run of page.data) if (account.runIds.has(run.id)) views.set(run.id, run);
    cursor = page.meta.nextCursor;
    if (cursor !== null) continue;
    // A whole pass over the account's runs: drop it when they have all finished, else on to the next one.
    if (finished(account)) open = open.filter((other) => other !== account);
    else turn += 1;
  }
  return views;
}

interface ModeResult {
  row: (string | number)[];
  problems: string[];
}

async function measure(mode: 'embedded' | 'redis', url: string, accounts: Account[]): Promise<ModeResult> {
  const problems: string[] = [];
  const startedAt = Date.now();
  const clock = performance.now();
  const startFailures = await startRuns(url, accounts);
  const startSeconds = (performance.now() - clock) / 1000;
  if (startFailures.length > 0) problems.push(`${startFailures.length} start requests failed, the first: ${startFailures[0]}`);

  const views = await waitForRuns(url, accounts, clock + timeoutSeconds * 1000);
  const waitedSeconds = (performance.now() - clock) / 1000;
  const started = accounts.flatMap((account) => [...account.runIds]);
  const runs = started.map((id) => views.get(id)).filter((run): run is RunView => run !== undefined);
  const lost = started.length - runs.filter((run) => run.done).length;
  const failed = runs.filter((run) => run.done && run.status !== 'done');
  const steps = runs.flatMap((run) => run.steps);
  const repeated = steps.reduce((sum, step) => sum + Math.max(0, step.attempts - 1), 0);
  const completedSteps = steps.filter((step) => step.status === 'done').length;
  const lastCompleted = Math.max(...runs.map((run) => (run.completedAt ? Date.parse(run.completedAt) : 0)));
  // From the first start request to the last run's completion, on the server's clock (the same machine's).
  const completeSeconds = lost === 0 && runs.length > 0 ? (lastCompleted - startedAt) / 1000 : waitedSeconds;
  const durations = runs.flatMap((run) => (run.durationMs === null ? [] : [run.durationMs])).sort((left, right) => left - right);
  const queueWaits = runs.flatMap((run) => (run.startedAt ? [Date.parse(run.startedAt) - Date.parse(run.createdAt)] : [])).sort((left, right) => left - right);

  if (lost > 0) problems.push(`${lost} runs had not finished after ${waitedSeconds.toFixed(0)} s`);
  if (failed.length > 0) problems.push(`${failed.length} runs ended ${[...new Set(failed.map((run) => run.status))].join('/')}, e.g. ${failed[0]?.id}`);
  if (repeated > 0) problems.push(`${repeated} step executions were repeats`);
  return {
    problems: problems.map((problem) => `${mode}: ${problem}`),
    row: [
      mode,
      started.length,
      started.length * 3,
      startSeconds.toFixed(2),
      completeSeconds.toFixed(2),
      Math.round(completedSteps / completeSeconds),
      percentile(durations, 0.5),
      percentile(durations, 0.95),
      percentile(queueWaits, 0.5),
      lost,
      failed.length,
      repeated,
    ],
  };
}

async function embedded(): Promise<ModeResult> {
  const databaseUrl = benchDatabaseUrl();
  const server = await startBenchServer({ ...serviceEnvironment, DATABASE_URL: databaseUrl }, { showErrors: true });
  try {
    return await measure('embedded', server.url, await createAccounts(databaseUrl));
  } finally {
    await server.stop();
    rmSync(dirname(databaseUrl.slice('sqlite:'.length)), { recursive: true, force: true });
  }
}

async function redis(): Promise<ModeResult> {
  const id = randomBytes(6).toString('hex');
  const schema = `bench_playbooks_${id}`;
  const keyPrefix = `agentapi-bench-playbooks-${id}:`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const databaseUrl = new URL(postgresUrl);
  databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
  const environment = { ...serviceEnvironment, DATABASE_URL: databaseUrl.toString(), REDIS_URL: redisUrl, REDIS_KEY_PREFIX: keyPrefix };
  const processes: BenchServer[] = [];
  try {
    await migrateBenchDatabase(environment.DATABASE_URL);
    const server = await startBenchServer({ ...environment, PLAYBOOK_SERVER_WORKER: 'false' }, { showErrors: true });
    processes.push(server);
    processes.push(...(await Promise.all(Array.from({ length: workerCount }, () => startBenchWorker(environment)))));
    return await measure('redis', server.url, await createAccounts(environment.DATABASE_URL));
  } finally {
    await Promise.all(processes.map((child) => child.stop()));
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
    await deleteRedisKeys(redisUrl, keyPrefix);
  }
}

const rows: (string | number)[][] = [];
const problems: string[] = [];
for (const mode of modes) {
  const result = mode === 'embedded' ? await embedded() : await redis();
  rows.push(result.row);
  problems.push(...result.problems);
}

console.log(
  `\n${runCount} runs of the ${playbookId} playbook (3 steps, sandbox provider) started at once over ${accountCount} accounts ` +
    `(${clientConcurrency} requests in flight at most), ${accountConcurrency} running runs per account at most, ${workerConcurrency} steps at once per executing process`,
);
console.log('embedded: agentapi serve on SQLite executes the steps; redis: PostgreSQL + Redis, agentapi serve takes requests only and ' +
  `${workerCount} agentapi worker processes execute the steps`);
console.log(`Node ${process.version}, ${cpus().length} CPU (${cpus()[0]?.model ?? 'unknown'})\n`);
printTable(
  ['mode', 'runs', 'steps', 'start all (s)', 'complete all (s)', 'steps/s', 'run p50 (ms)', 'run p95 (ms)', 'queue wait p50 (ms)', 'lost', 'failed', 'steps run again'],
  rows,
);
console.log(
  `\nReproduce: npm run bench:playbook-runs -- --mode ${modeArgument} --runs ${runCount} --accounts ${accountCount} ` +
    `--account-concurrency ${accountConcurrency} --workers ${workerCount} --worker-concurrency ${workerConcurrency} --timeout ${timeoutSeconds}`,
);
if (problems.length > 0) {
  console.error(`\n${problems.join('\n')}`);
  process.exitCode = 1;
}
