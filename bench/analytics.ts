import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { migrateToLatest } from '../src/adapters/db/migrator.ts';
import { openDatabase, type Database } from '../src/adapters/db/open-database.ts';
import { KyselyAnalyticsRepository } from '../src/adapters/db/repositories/analytics-repository.ts';
import { KyselyRunRepository, runToRow } from '../src/adapters/db/repositories/run-repository.ts';
import { analyticsGroupings } from '../src/domain/analytics/analytics-query.ts';
import { AnalyticsService } from '../src/domain/analytics/analytics-service.ts';
import type { AnalyticsScope } from '../src/ports/analytics-repository.ts';
import type { RunRecord } from '../src/ports/run-repository.ts';
import { argument, benchDatabaseUrl, printTable } from './bench-support.ts';

/**
 * GET /api/analytics on a large run log. Loads `--runs` runs (default 1,000,000) spread over 60 days, 50
 * accounts, 40 agents and 12 models of 6 providers through the run log's own write path
 * (KyselyRunRepository.insertMany, which keeps the daily rollups in the same transaction), then times the
 * 30-day report through AnalyticsService for the busiest account and for all accounts, for each grouping:
 * 20 repetitions after a warm-up. SQLite is a fresh temporary file; PostgreSQL a fresh schema on the local
 * server (BENCH_POSTGRES_URL to override), dropped at the end.
 * Run: npm run bench:analytics [-- --runs 1000000 --batch 1000 --writers 4]
 */
const totalRuns = argument('runs', 1_000_000);
const batchSize = argument('batch', 1000);
/** Batches in flight at once on PostgreSQL (SQLite has one writer). */
const writers = argument('writers', 4);
const repetitions = 20;
const dayCount = 60;
const firstDay = Date.UTC(2026, 0, 1);
const reportRange = { from: '2026-01-31', to: '2026-03-01' };

const providers = ['openai', 'anthropic', 'google', 'groq', 'mistral', 'nvidia'];
/** Two models per provider: a large one and a small one, with prices per token and a latency factor. */
const models = providers.flatMap((provider, index) => [
  { model: `${provider}/large`, provider, inputUsd: (1 + index) * 1e-6, outputUsd: (5 + 2 * index) * 1e-6, latency: 1.6 },
  { model: `${provider}/small`, provider, inputUsd: (0.1 + index / 10) * 1e-6, outputUsd: (0.4 + index / 5) * 1e-6, latency: 0.6 },
]);
const agents = Array.from({ length: 40 }, (_, index) => `agent-${String(index + 1).padStart(2, '0')}`);
const accounts = Array.from({ length: 50 }, (_, index) => `account-${String(index + 1).padStart(2, '0')}`);

/** A deterministic stream of runs in time order, shaped like real traffic rather than uniform noise. */
class RunGenerator {
  readonly #idPrefix: string;
  #state = 20260101;
  #index = 0;
  /** Zipf-like: the first account sends the most runs. */
  readonly #accountWeights = cumulative(accounts.map((_, index) => 1 / (index + 1)));
  readonly #agentWeights = cumulative([8, 5, 4, 3, 2, 2, 1, 1]);

  constructor(idPrefix = 'run_bench_') {
    this.#idPrefix = idPrefix;
  }

  next(): RunRecord {
    const index = this.#index;
    this.#index += 1;
    const createdAt = new Date(firstDay + ((index + this.#random()) / totalRuns) * dayCount * 86_400_000).toISOString();
    const anonymous = this.#random() < 0.03;
    const account = pick(this.#accountWeights, this.#random());
    // Each account uses 8 of the 40 agents; each agent has a main model, a fallback and an occasional third.
    const agent = (account * 7 + pick(this.#agentWeights, this.#random()) * 3) % agents.length;
    const choice = this.#random();
    const model = models[(agent + (choice < 0.85 ? 0 : choice < 0.95 ? 1 : 5)) % models.length] as (typeof models)[number];
    const outcome = this.#random();
    const status = outcome < 0.92 ? 'succeeded' : outcome < 0.97 ? 'failed' : 'blocked';
    // Most refusals happen before any model is called: no model, no tokens, a few milliseconds.
    const refusedEarly = status === 'blocked' && outcome < 0.99;
    const inputTokens = refusedEarly ? 0 : 200 + Math.floor(this.#random() * 2800);
    const outputTokens = refusedEarly || status === 'failed' ? 0 : 100 + Math.floor(this.#random() * 1400);
    return {
      id: `${this.#idPrefix}${String(index).padStart(8, '0')}`,
      accountId: anonymous ? null : (accounts[account] as string),
      surface: anonymous ? 'free' : 'api',
      agent: agents[agent] as string,
      model: refusedEarly ? null : model.model,
      provider: refusedEarly ? null : model.provider,
      status,
      errorCode: status === 'succeeded' ? null : status === 'failed' ? 'upstream_unavailable' : 'safety_blocked',
      latencyMs: Math.round((refusedEarly ? 2 + this.#random() * 18 : 900 * model.latency * Math.exp(0.7 * this.#normal())) * 10) / 10,
      inputTokens,
      outputTokens,
      costUsd: Math.round((inputTokens * model.inputUsd + outputTokens * model.outputUsd) * 1e8) / 1e8,
      output: null,
      requestId: null,
      createdAt,
      completedAt: createdAt,
    };
  }

  /** mulberry32. */
  #random(): number {
    this.#state = (this.#state + 0x6d2b79f5) | 0;
    let value = Math.imul(this.#state ^ (this.#state >>> 15), 1 | this.#state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  }

  #normal(): number {
    return Math.sqrt(-2 * Math.log(1 - this.#random())) * Math.cos(2 * Math.PI * this.#random());
  }
}

function cumulative(weights: number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let running = 0;
  return weights.map((weight) => (running += weight / total));
}

function pick(cumulativeWeights: readonly number[], random: number): number {
  const index = cumulativeWeights.findIndex((bound) => random < bound);
  return index < 0 ? cumulativeWeights.length - 1 : index;
}

async function load(database: Database, concurrency: number): Promise<number> {
  const repository = new KyselyRunRepository(database.db);
  const generator = new RunGenerator();
  let written = 0;
  let nextReport = 100_000;
  const started = performance.now();
  const writer = async () => {
    while (written < totalRuns) {
      const size = Math.min(batchSize, totalRuns - written);
      written += size;
      await repository.insertMany(Array.from({ length: size }, () => generator.next()));
      if (written >= nextReport) {
        nextReport += 100_000;
        process.stderr.write(`  ${written} runs, ${Math.round(written / ((performance.now() - started) / 1000))} runs/s\n`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, writer));
  return (performance.now() - started) / 1000;
}

/**
 * What keeping the rollups adds to a run-log write: batches of 8 runs (what group commit forms under load)
 * through insertMany, against the same rows inserted into `runs` alone, in alternating rounds.
 */
async function writeCost(database: Database): Promise<{ runsOnly: number; withRollups: number }> {
  const repository = new KyselyRunRepository(database.db);
  const generator = new RunGenerator('run_write_');
  const batch = () => Array.from({ length: 8 }, () => generator.next());
  const elapsed = { runsOnly: 0, withRollups: 0 };
  const batchesPerRound = 250;
  for (let round = 0; round < 4; round += 1) {
    let started = performance.now();
    for (let index = 0; index < batchesPerRound; index += 1) await database.db.insertInto('runs').values(await Promise.all(batch().map(runToRow))).execute();
    elapsed.runsOnly += performance.now() - started;
    started = performance.now();
    for (let index = 0; index < batchesPerRound; index += 1) await repository.insertMany(batch());
    elapsed.withRollups += performance.now() - started;
  }
  return { runsOnly: elapsed.runsOnly / (4 * batchesPerRound), withRollups: elapsed.withRollups / (4 * batchesPerRound) };
}

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? 0;

async function time(service: AnalyticsService, scope: AnalyticsScope, groupBy: string): Promise<number[]> {
  for (let warmUp = 0; warmUp < 3; warmUp += 1) await service.report({ scope, ...reportRange, groupBy });
  const latencies: number[] = [];
  for (let repetition = 0; repetition < repetitions; repetition += 1) {
    const started = performance.now();
    await service.report({ scope, ...reportRange, groupBy });
    latencies.push(performance.now() - started);
  }
  return latencies.sort((left, right) => left - right);
}

const rows: (string | number)[][] = [];
const loads: (string | number)[][] = [];
const writes: (string | number)[][] = [];
const backends: [string, number, () => Promise<{ database: Database; drop(): Promise<void> }>][] = [
  [
    'SQLite',
    1,
    async () => {
      const url = benchDatabaseUrl();
      const database = await openDatabase(url);
      await migrateToLatest(database);
      return {
        database,
        drop: async () => {
          await database.close();
          // A million runs take a few hundred megabytes.
          rmSync(dirname(url.slice('sqlite:'.length)), { recursive: true, force: true });
        },
      };
    },
  ],
  [
    'PostgreSQL',
    writers,
    async () => {
      const schema = `agentapi_bench_analytics_${randomBytes(4).toString('hex')}`;
      const url = new URL(process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
      url.searchParams.set('options', `-c search_path=${schema}`);
      const database = await openDatabase(url.toString());
      await database.db.schema.createSchema(schema).execute();
      await migrateToLatest(database);
      return {
        database,
        drop: async () => {
          await database.db.schema.dropSchema(schema).cascade().execute();
          await database.close();
        },
      };
    },
  ],
];

for (const [name, concurrency, open] of backends) {
  const { database, drop } = await open();
  try {
    process.stderr.write(`${name}: loading ${totalRuns} runs in batches of ${batchSize}, ${concurrency} at a time\n`);
    const seconds = await load(database, concurrency);
    // What autovacuum does after a bulk load; a live database has current statistics.
    if (database.dialect === 'postgres') await sql`analyze`.execute(database.db);
    const rowCounts = [];
    for (const table of ['run_rollups', 'run_rollups_all', 'run_latency_buckets', 'run_latency_buckets_all'] as const) {
      rowCounts.push(Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count));
    }
    loads.push([name, totalRuns, seconds.toFixed(1), Math.round(totalRuns / seconds), `${rowCounts[0]} / ${rowCounts[1]}`, `${rowCounts[2]} / ${rowCounts[3]}`]);

    const service = new AnalyticsService({ analytics: new KyselyAnalyticsRepository(database.db), clock: { now: () => new Date(`${reportRange.to}T12:00:00.000Z`) } });
    const check = await service.report({ scope: 'all', ...reportRange, groupBy: 'day' });
    const busiest = accounts[0] as string;
    const ofBusiest = await service.report({ scope: { accountId: busiest }, ...reportRange });
    for (const [label, scope, requests] of [
      [`one account (${ofBusiest.totals.requests} runs)`, { accountId: busiest }, ofBusiest.totals.requests],
      [`all accounts (${check.totals.requests} runs)`, 'all', check.totals.requests],
    ] as const) {
      if (requests === 0) throw new Error(`${name}: the report counted no runs`);
      for (const groupBy of analyticsGroupings) {
        const latencies = await time(service, scope, groupBy);
        rows.push([name, label, groupBy, percentile(latencies, 0.5).toFixed(1), percentile(latencies, 0.95).toFixed(1), (latencies.at(-1) ?? 0).toFixed(1)]);
      }
    }
    const cost = await writeCost(database);
    writes.push([name, cost.runsOnly.toFixed(2), cost.withRollups.toFixed(2), (cost.withRollups - cost.runsOnly).toFixed(2)]);
  } finally {
    await drop();
  }
}

console.log(`\nGET /api/analytics work (AnalyticsService.report), 30 of 60 days, ${repetitions} repetitions after a warm-up`);
console.log(`Node ${process.version}, ${cpus().length} CPU (${cpus()[0]?.model ?? 'unknown'})\n`);
printTable(['database', 'runs loaded', 'load (s)', 'runs/s', 'rollup rows (accounts / all)', 'latency bucket rows (accounts / all)'], loads);
console.log('');
printTable(['database', 'scope', 'groupBy', 'p50 (ms)', 'p95 (ms)', 'max (ms)'], rows);
console.log('\nRun-log writes, batches of 8 runs');
printTable(['database', 'runs only (ms per batch)', 'runs + rollups (ms per batch)', 'added (ms)'], writes);
console.log(`\nReproduce: npm run bench:analytics -- --runs ${totalRuns} --batch ${batchSize} --writers ${writers}`);
