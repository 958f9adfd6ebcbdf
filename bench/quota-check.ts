import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { migrateToLatest } from '../src/adapters/db/migrator.ts';
import { openDatabase } from '../src/adapters/db/open-database.ts';
import { settleHolds } from '../src/adapters/db/repositories/quota-holds.ts';
import { SqlQuotaLedger } from '../src/adapters/db/repositories/sql-quota-ledger.ts';
import type { Database } from '../src/adapters/db/open-database.ts';
import { buildPlanTables } from '../src/domain/quotas/plan-table.ts';
import { QuotaService } from '../src/domain/quotas/quota-service.ts';
import { argument, benchDatabaseUrl, printTable } from './bench-support.ts';

/**
 * What the daily quota adds to a request: a hold (atomic check-and-increment, with the hold stored) and its
 * settling as the run's record does it, at a fixed number of concurrent callers, on each database. Quotas
 * are large so nothing is refused. (The record's own write is not measured; settling adds one statement to it.)
 * Run: npm run bench:quota-check [-- --requests 20000 --concurrency 10]
 * PostgreSQL is the local server (BENCH_POSTGRES_URL to override).
 */
const requests = argument('requests', 20_000);
const concurrency = argument('concurrency', 10);
const plans = buildPlanTables(
  { defaultPlans: { api: 'bench', v1: 'bench' }, api: { bench: { name: 'Bench', priceUsdPerMonth: 0, dailyLimit: 100_000_000 } }, v1: { bench: { name: 'Bench', priceUsdPerMonth: 0, dailyLimit: null } } },
  'bench',
);

async function measure(database: Database): Promise<number[]> {
  const quotas = new QuotaService({ ledger: new SqlQuotaLedger(database.db, database.dialect), plans, clock: { now: () => new Date() } });
  const accounts = Array.from({ length: 100 }, (_, index) => ({ id: `bench-${index}`, apiPlan: 'bench', v1Plan: 'bench', createdAt: '' }));
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      const account = accounts[next % accounts.length] as (typeof accounts)[number];
      next += 1;
      const started = performance.now();
      const reservation = await quotas.reserve(account, 'api');
      await settleHolds(database.db, [reservation.settle(1)]);
      latencies.push(performance.now() - started);
    }
  };
  // Warm-up, then the measured run.
  await Promise.all(Array.from({ length: concurrency }, () => quotas.reserve(accounts[0] as (typeof accounts)[number], 'api')));
  await Promise.all(Array.from({ length: concurrency }, worker));
  return latencies.sort((left, right) => left - right);
}

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;

const rows: (string | number)[][] = [];
const backends: [string, () => Promise<Database>][] = [
  ['SQLite (embedded)', async () => {
    const database = await openDatabase(benchDatabaseUrl());
    await migrateToLatest(database);
    return database;
  }],
  ['PostgreSQL', async () => {
    const database = await openDatabase(process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres?options=-c%20search_path%3Dagentapi_bench');
    await database.db.schema.createSchema('agentapi_bench').ifNotExists().execute();
    await migrateToLatest(database);
    await database.db.deleteFrom('usage_counters').execute();
    return database;
  }],
];

for (const [name, open] of backends) {
  const backend = await open();
  const started = performance.now();
  const latencies = await measure(backend);
  const seconds = (performance.now() - started) / 1000;
  await backend.close();
  rows.push([name, requests, concurrency, percentile(latencies, 0.5).toFixed(3), percentile(latencies, 0.99).toFixed(3), Math.round(requests / seconds)]);
}

console.log(`\nDaily-quota hold and settle, ${requests} calls at ${concurrency} concurrent, 100 accounts`);
console.log(`Node ${process.version}, ${cpus().length} CPU (${cpus()[0]?.model ?? 'unknown'})\n`);
printTable(['backend', 'calls', 'concurrency', 'added latency p50 (ms)', 'added latency p99 (ms)', 'checks/s'], rows);
console.log(`\nReproduce: npm run bench:quota-check -- --requests ${requests} --concurrency ${concurrency}`);
