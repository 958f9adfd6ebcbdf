import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frozenLatencyBucketBounds } from '../../src/adapters/db/migrations/0010-run-rollups.ts';
import { migrateToLatest } from '../../src/adapters/db/migrator.ts';
import { openDatabase, type Database } from '../../src/adapters/db/open-database.ts';
import { KyselyAnalyticsRepository } from '../../src/adapters/db/repositories/analytics-repository.ts';
import { BatchingRunRepository } from '../../src/adapters/db/repositories/batching-run-repository.ts';
import { KyselyRunRepository } from '../../src/adapters/db/repositories/run-repository.ts';
import { analyticsGroupings } from '../../src/domain/analytics/analytics-query.ts';
import { AnalyticsService, type AnalyticsFigures } from '../../src/domain/analytics/analytics-service.ts';
import { latencyBucketBounds, latencyCountsOf, percentileFromBuckets } from '../../src/domain/analytics/latency-buckets.ts';
import type { AnalyticsScope } from '../../src/ports/analytics-repository.ts';
import type { RunRecord } from '../../src/ports/run-repository.ts';
import { dialects, freshDatabaseUrl, freshMigratedDatabase, migrateTo, type TestDatabase } from '../support/test-databases.ts';

const openai = { model: 'openai/gpt-5-mini', provider: 'openai' };
const anthropic = { model: 'anthropic/claude-sonnet-4', provider: 'anthropic' };
const noModel = { model: null, provider: null };

function run(id: string, createdAt: string, fields: Partial<RunRecord>): RunRecord {
  return {
    id,
    accountId: 'acct-a',
    surface: 'api',
    agent: 'summarize',
    ...openai,
    status: 'succeeded',
    errorCode: null,
    latencyMs: 100,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    output: null,
    requestId: null,
    createdAt,
    completedAt: createdAt,
    ...fields,
  };
}

function flag(layer: string) {
  return { layer, verdict: 'flag' as const };
}

/** Three days of runs over two accounts and an anonymous caller, with a run on each side of the range. */
const fixture: RunRecord[] = [
  run('run_a1', '2026-03-01T08:00:00.000Z', { latencyMs: 120, inputTokens: 100, outputTokens: 50, costUsd: 0.0012, safetyVerdicts: [flag('jailbreak'), flag('pii'), flag('pii')] }),
  run('run_a2', '2026-03-01T09:30:00.000Z', { agent: 'blog-gen', ...anthropic, latencyMs: 800, inputTokens: 300, outputTokens: 700, costUsd: 0.0105 }),
  run('run_a3', '2026-03-01T23:59:59.999Z', { status: 'failed', errorCode: 'upstream_unavailable', latencyMs: 2500 }),
  run('run_a4', '2026-03-02T00:00:00.000Z', { ...noModel, status: 'blocked', errorCode: 'safety_blocked', latencyMs: 3, safetyVerdicts: [{ layer: 'jailbreak', verdict: 'block' }] }),
  run('run_a5', '2026-03-02T12:00:00.000Z', { agent: 'blog-gen', latencyMs: 950, inputTokens: 280, outputTokens: 640, costUsd: 0.0031 }),
  run('run_a6', '2026-03-03T10:00:00.000Z', { ...anthropic, status: 'blocked', errorCode: 'output_blocked', latencyMs: 1500, inputTokens: 120, outputTokens: 80, costUsd: 0.0008 }),
  run('run_b1', '2026-03-01T10:00:00.000Z', { accountId: 'acct-b', latencyMs: 140, inputTokens: 90, outputTokens: 40, costUsd: 0.0011, safetyVerdicts: [flag('content')] }),
  run('run_b2', '2026-03-03T11:00:00.000Z', { accountId: 'acct-b', agent: 'blog-gen', ...noModel, status: 'failed', errorCode: 'agent_failed', latencyMs: 10 }),
  run('run_anon', '2026-03-02T15:00:00.000Z', { accountId: null, surface: 'free', latencyMs: 200, inputTokens: 80, outputTokens: 30, costUsd: 0.0009, safetyVerdicts: [flag('jailbreak')] }),
  run('run_before', '2026-02-28T23:59:59.999Z', { inputTokens: 10, outputTokens: 10, costUsd: 0.0001 }),
  run('run_after', '2026-03-04T00:00:00.000Z', { inputTokens: 10, outputTokens: 10, costUsd: 0.0001, safetyVerdicts: [flag('jailbreak')] }),
  // Not finished: not counted.
  run('run_running', '2026-03-02T13:00:00.000Z', { status: 'running', inputTokens: 999 }),
];

const range = { from: '2026-03-01', to: '2026-03-03' };
const clock = { now: () => new Date('2026-03-03T18:00:00.000Z') };

/** Inserts the fixture as the run log does: some batches, some single rows. */
async function insertFixture(runs: KyselyRunRepository): Promise<void> {
  await runs.insertMany(fixture.slice(0, 4));
  await runs.insert(fixture[4] as RunRecord);
  await runs.insertMany(fixture.slice(5, 9));
  await runs.insertMany(fixture.slice(9));
}

/** The figures of `runs` computed straight from the runs, the way the report should. */
function expectedFigures(runs: readonly RunRecord[]): AnalyticsFigures {
  const counts = latencyCountsOf(runs.map((entry) => entry.latencyMs));
  const tenths = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
  const sum = (pick: (entry: RunRecord) => number) => runs.reduce((total, entry) => total + pick(entry), 0);
  return {
    requests: runs.length,
    succeeded: runs.filter((entry) => entry.status === 'succeeded').length,
    failed: runs.filter((entry) => entry.status === 'failed').length,
    blocked: runs.filter((entry) => entry.status === 'blocked').length,
    inputTokens: sum((entry) => entry.inputTokens),
    outputTokens: sum((entry) => entry.outputTokens),
    costUsd: Math.round(Math.round(sum((entry) => entry.costUsd) * 1e8) / 100) / 1e6,
    latencyMsP50: tenths(percentileFromBuckets(counts, 0.5)),
    latencyMsP95: tenths(percentileFromBuckets(counts, 0.95)),
    safety: safetyCounts(runs),
  };
}

/** The flagged and blocked verdicts of `runs` per layer, counted straight from the runs. */
function safetyCounts(runs: readonly RunRecord[]): AnalyticsFigures['safety'] {
  const counts: AnalyticsFigures['safety'] = { flagged: {}, blocked: {} };
  for (const { layer, verdict } of runs.flatMap((entry) => entry.safetyVerdicts ?? [])) {
    const byLayer = verdict === 'flag' ? counts.flagged : counts.blocked;
    byLayer[layer] = (byLayer[layer] ?? 0) + 1;
  }
  return counts;
}

function inScope(scope: AnalyticsScope, entry: RunRecord): boolean {
  const finished = entry.status === 'succeeded' || entry.status === 'failed' || entry.status === 'blocked';
  const day = entry.createdAt.slice(0, 10);
  return finished && day >= range.from && day <= range.to && (scope === 'all' || entry.accountId === scope.accountId);
}

describe.each(dialects)('analytics rollups on %s', (dialect) => {
  let database: Database;
  let service: AnalyticsService;

  beforeAll(async () => {
    database = await freshMigratedDatabase(dialect);
    await insertFixture(new KyselyRunRepository(database.db, database.dialect));
    service = new AnalyticsService({ analytics: new KyselyAnalyticsRepository(database.db), clock });
  });
  afterAll(async () => {
    await database.close();
  });

  it('sums one account’s runs by day, every day of the range listed', async () => {
    const report = await service.report({ scope: { accountId: 'acct-a' }, ...range, groupBy: 'day' });
    expect(report).toMatchObject({ from: '2026-03-01', to: '2026-03-03', groupBy: 'day', scope: 'account', accountId: 'acct-a' });
    expect(report.totals).toMatchObject({ requests: 6, succeeded: 3, failed: 1, blocked: 2, inputTokens: 800, outputTokens: 1470, costUsd: 0.0156 });
    expect(report.series.map(({ key, requests, succeeded, failed, blocked, inputTokens, outputTokens, costUsd }) => [key, requests, succeeded, failed, blocked, inputTokens, outputTokens, costUsd])).toEqual([
      ['2026-03-01', 3, 2, 1, 0, 400, 750, 0.0117],
      ['2026-03-02', 2, 1, 0, 1, 280, 640, 0.0031],
      ['2026-03-03', 1, 0, 0, 1, 120, 80, 0.0008],
    ]);
    // One run of 1500 ms, in the bucket [1262.177, 1577.722): the median is the bucket's middle.
    expect(report.series[2]).toMatchObject({ latencyMsP50: 1419.9, latencyMsP95: 1561.9 });
  });

  it('ranks agents, models and providers by requests; runs no model answered have a null key', async () => {
    const keysAndRequests = async (groupBy: string) =>
      (await service.report({ scope: { accountId: 'acct-a' }, ...range, groupBy })).series.map((entry) => [entry.key, entry.requests, entry.blocked]);
    expect(await keysAndRequests('agent')).toEqual([
      ['summarize', 4, 2],
      ['blog-gen', 2, 0],
    ]);
    expect(await keysAndRequests('model')).toEqual([
      ['openai/gpt-5-mini', 3, 0],
      ['anthropic/claude-sonnet-4', 2, 1],
      [null, 1, 1],
    ]);
    expect(await keysAndRequests('provider')).toEqual([
      ['openai', 3, 0],
      ['anthropic', 2, 1],
      [null, 1, 1],
    ]);
  });

  it.each(analyticsGroupings)('gives exactly the sums of the runs for every scope, grouped by %s', async (groupBy) => {
    for (const scope of [{ accountId: 'acct-a' }, { accountId: 'acct-b' }, { accountId: 'nobody' }, 'all'] as AnalyticsScope[]) {
      const runs = fixture.filter((entry) => inScope(scope, entry));
      const keyOf = (entry: RunRecord) => (groupBy === 'day' ? entry.createdAt.slice(0, 10) : entry[groupBy]);
      const report = await service.report({ scope, ...range, groupBy });
      expect(report.totals).toEqual(expectedFigures(runs));
      const keys = groupBy === 'day' ? ['2026-03-01', '2026-03-02', '2026-03-03'] : [...new Set(runs.map(keyOf))];
      expect(report.series).toHaveLength(keys.length);
      for (const key of keys) {
        expect(report.series.find((entry) => entry.key === key)).toEqual({ key, ...expectedFigures(runs.filter((entry) => keyOf(entry) === key)) });
      }
    }
  });

  it('counts flagged and blocked safety verdicts per layer, per account and over every run', async () => {
    const account = await service.report({ scope: { accountId: 'acct-a' }, ...range, groupBy: 'day' });
    expect(account.totals.safety).toEqual({ flagged: { jailbreak: 1, pii: 2 }, blocked: { jailbreak: 1 } });
    expect(account.series.map((entry) => entry.safety)).toEqual([
      { flagged: { jailbreak: 1, pii: 2 }, blocked: {} },
      { flagged: {}, blocked: { jailbreak: 1 } },
      { flagged: {}, blocked: {} },
    ]);
    const all = await service.report({ scope: 'all', ...range, groupBy: 'agent' });
    expect(all.totals.safety).toEqual({ flagged: { jailbreak: 2, pii: 2, content: 1 }, blocked: { jailbreak: 1 } });
  });

  it('counts every run of the service, anonymous ones included, in the scope of all accounts', async () => {
    const report = await service.report({ scope: 'all', ...range });
    expect(report).toMatchObject({ scope: 'all', accountId: null, totals: { requests: 9, succeeded: 5, failed: 2, blocked: 2 } });
  });

  it('keeps exact totals under concurrent batches, and a failed batch adds nothing', async () => {
    const concurrent = await freshMigratedDatabase(dialect);
    try {
      const runs = new KyselyRunRepository(concurrent.db, concurrent.dialect);
      const batches = Array.from({ length: 20 }, (_, batch) =>
        Array.from({ length: 25 }, (_, index) =>
          run(`run_c${batch}_${index}`, `2026-03-0${1 + (index % 3)}T10:00:00.000Z`, {
            accountId: `acct-${index % 2}`,
            agent: index % 4 === 0 ? 'blog-gen' : 'summarize',
            ...(index % 5 === 0 ? anthropic : openai),
            latencyMs: 50 + index * 37,
            inputTokens: index,
            outputTokens: 2 * index,
            costUsd: 0.00001 * index,
            safetyVerdicts: index % 3 === 0 ? [flag('jailbreak')] : index % 7 === 0 ? [flag('content'), { layer: 'content', verdict: 'block' }] : [],
          }),
        ),
      );
      await Promise.all(batches.map((batch) => runs.insertMany(batch)));
      // A batch with a run already stored fails as a whole; the batching writer then stores the others alone.
      await expect(runs.insertMany([run('run_c_new', '2026-03-01T11:00:00.000Z', {}), batches[0]?.[0] as RunRecord])).rejects.toThrow();
      const batching = new BatchingRunRepository(runs);
      const outcomes = await Promise.allSettled([batching.insert(run('run_c_new', '2026-03-01T11:00:00.000Z', { accountId: 'acct-0' })), batching.insert(batches[0]?.[1] as RunRecord)]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);

      const all = [...batches.flat(), run('run_c_new', '2026-03-01T11:00:00.000Z', { accountId: 'acct-0' })];
      const report = await new AnalyticsService({ analytics: new KyselyAnalyticsRepository(concurrent.db), clock }).report({ scope: 'all', ...range, groupBy: 'model' });
      expect(report.totals).toEqual(expectedFigures(all));
      expect(report.totals.requests).toBe(501);
    } finally {
      await concurrent.close();
    }
  });

  it('backfills the rollups of runs stored before migration 0010 exactly as the write path keeps them', async () => {
    const before = await openDatabase(await freshDatabaseUrl(dialect));
    try {
      await migrateTo(before, '0009-idempotency-keys');
      await before.db.insertInto('runs').values(fixture.map(runRow)).execute();
      await migrateToLatest(before);
      expect(await rollupTables(before)).toEqual(await rollupTables(database));
    } finally {
      await before.close();
    }
  });
});

describe('analytics on SQLite and PostgreSQL', () => {
  it('give identical reports for the same runs', async () => {
    const runs = generatedRuns(600);
    const reports = await Promise.all(
      dialects.map(async (dialect: TestDatabase['dialect']) => {
        const database = await freshMigratedDatabase(dialect);
        try {
          const repository = new KyselyRunRepository(database.db, database.dialect);
          for (let start = 0; start < runs.length; start += 150) await repository.insertMany(runs.slice(start, start + 150));
          const service = new AnalyticsService({ analytics: new KyselyAnalyticsRepository(database.db), clock });
          const results = [];
          for (const scope of [{ accountId: 'acct-1' }, 'all'] as AnalyticsScope[]) {
            for (const groupBy of analyticsGroupings) results.push(await service.report({ scope, from: '2026-02-20', to: '2026-03-03', groupBy }));
          }
          return results;
        } finally {
          await database.close();
        }
      }),
    );
    expect(reports[0]).toEqual(reports[1]);
    expect(reports[0]?.[4]?.totals.requests).toBeGreaterThan(0);
  });
});

describe('the migration’s frozen latency buckets', () => {
  it('are the domain’s buckets', () => {
    expect([...frozenLatencyBucketBounds]).toEqual(latencyBucketBounds);
  });
});

/** Runs spread over twelve days, three accounts and the anonymous caller, with costs that do not add up evenly. */
function generatedRuns(count: number): RunRecord[] {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const models = [openai, anthropic, { model: 'google/gemini-2.5-flash', provider: 'google' }, noModel];
  const statuses = ['succeeded', 'succeeded', 'succeeded', 'failed', 'blocked'] as const;
  return Array.from({ length: count }, (_, index) => {
    const at = new Date(Date.UTC(2026, 1, 20) + Math.floor(random() * 12 * 86_400_000)).toISOString();
    const account = Math.floor(random() * 4);
    return run(`run_g${index}`, at, {
      accountId: account === 3 ? null : `acct-${account}`,
      agent: ['summarize', 'blog-gen', 'leads'][Math.floor(random() * 3)] as string,
      ...(models[Math.floor(random() * models.length)] as typeof openai),
      status: statuses[Math.floor(random() * statuses.length)] as RunRecord['status'],
      latencyMs: Math.round(Math.exp(3 + random() * 6) * 10) / 10,
      inputTokens: Math.floor(random() * 2000),
      outputTokens: Math.floor(random() * 1500),
      costUsd: Math.round(random() * 0.01 * 1e8) / 1e8,
      safetyVerdicts: random() < 0.3 ? [flag(['jailbreak', 'pii', 'critic'][Math.floor(random() * 3)] as string)] : [],
    });
  });
}

/** Migrates to a named migration, with the migration table in the connection's schema as migrateToLatest keeps it. */
function runRow(entry: RunRecord) {
  return {
    id: entry.id,
    account_id: entry.accountId,
    surface: entry.surface,
    agent: entry.agent,
    model: entry.model,
    provider: entry.provider,
    status: entry.status,
    error_code: entry.errorCode,
    latency_ms: entry.latencyMs,
    input_tokens: entry.inputTokens,
    output_tokens: entry.outputTokens,
    cost_usd: entry.costUsd,
    output: entry.output,
    request_id: entry.requestId,
    created_at: entry.createdAt,
    completed_at: entry.completedAt,
  };
}

/** Every rollup table, ordered by key, numbers as numbers (PostgreSQL returns bigint as text), costs to 1e-8. */
async function rollupTables(database: Database) {
  const { db } = database;
  const sorted = <Row extends object>(rows: Row[]) => rows.map((row) => [JSON.stringify(Object.values(row)), row] as const).sort(([left], [right]) => (left < right ? -1 : 1)).map(([, row]) => row);
  const sums = <Row extends { input_tokens: number; output_tokens: number; cost_usd: number }>(rows: Row[]) =>
    sorted(rows.map((row) => ({ ...row, input_tokens: Number(row.input_tokens), output_tokens: Number(row.output_tokens), cost_usd: Math.round(Number(row.cost_usd) * 1e8) / 1e8 })));
  return {
    rollups: sums(await db.selectFrom('run_rollups').selectAll().execute()),
    buckets: sorted(await db.selectFrom('run_latency_buckets').selectAll().execute()),
    allRollups: sums(await db.selectFrom('run_rollups_all').selectAll().execute()),
    allBuckets: sorted(await db.selectFrom('run_latency_buckets_all').selectAll().execute()),
  };
}
