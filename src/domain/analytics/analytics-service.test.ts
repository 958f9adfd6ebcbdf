import { describe, expect, it } from 'vitest';
import type { AnalyticsRepository, RollupGroup, RollupQuery } from '../../ports/analytics-repository.ts';
import { AnalyticsService } from './analytics-service.ts';
import { latencyCountsOf } from './latency-buckets.ts';

function group(key: string | null, requests: number, fields: Partial<RollupGroup> = {}, latencies: number[] = []): RollupGroup {
  return { key, requests, succeeded: requests, failed: 0, blocked: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, latencyCounts: latencyCountsOf(latencies), safety: { flagged: {}, blocked: {} }, ...fields };
}

/** Answers fixed groups and remembers the query it was asked. */
class FixedRollups implements AnalyticsRepository {
  readonly queries: RollupQuery[] = [];
  readonly #groups: RollupGroup[];

  constructor(groups: RollupGroup[]) {
    this.#groups = groups;
  }

  async rollups(query: RollupQuery): Promise<RollupGroup[]> {
    this.queries.push(query);
    return this.#groups.map((entry) => ({ ...entry, latencyCounts: [...entry.latencyCounts] }));
  }
}

const clock = { now: () => new Date('2026-03-15T23:30:00.000Z') };

describe('AnalyticsService', () => {
  it('adds up the flagged and blocked safety verdicts of every group, layer by layer, in the totals', async () => {
    const rollups = new FixedRollups([
      group('summarize', 3, { safety: { flagged: { jailbreak: 2, pii: 1 }, blocked: {} } }),
      group('leads', 2, { safety: { flagged: { jailbreak: 1 }, blocked: { content: 1 } } }),
    ]);
    const report = await new AnalyticsService({ analytics: rollups, clock }).report({ scope: 'all', groupBy: 'agent' });
    expect(report.totals.safety).toEqual({ flagged: { jailbreak: 3, pii: 1 }, blocked: { content: 1 } });
    expect(report.series.map((entry) => [entry.key, entry.safety])).toEqual([
      ['summarize', { flagged: { jailbreak: 2, pii: 1 }, blocked: {} }],
      ['leads', { flagged: { jailbreak: 1 }, blocked: { content: 1 } }],
    ]);
  });

  it('asks for the last 30 days by day when nothing is given, and lists every day, zeros included', async () => {
    const rollups = new FixedRollups([group('2026-03-14', 2, {}, [100, 300]), group('2026-02-14', 1, {}, [50])]);
    const report = await new AnalyticsService({ analytics: rollups, clock }).report({ scope: { accountId: 'acct-1' } });
    expect(rollups.queries).toEqual([{ scope: { accountId: 'acct-1' }, fromDay: '2026-02-14', toDay: '2026-03-15', groupBy: 'day' }]);
    expect(report).toMatchObject({ from: '2026-02-14', to: '2026-03-15', groupBy: 'day', scope: 'account', accountId: 'acct-1' });
    expect(report.series).toHaveLength(30);
    expect(report.series[0]).toMatchObject({ key: '2026-02-14', requests: 1 });
    expect(report.series[1]).toEqual({
      key: '2026-02-15',
      requests: 0,
      succeeded: 0,
      failed: 0,
      blocked: 0,
      inputTokens: 0,
      outputTokens: 0,
      costUsd: 0,
      latencyMsP50: null,
      latencyMsP95: null,
      safety: { flagged: {}, blocked: {} },
    });
    expect(report.series[28]).toMatchObject({ key: '2026-03-14', requests: 2 });
    expect(report.series[29]).toMatchObject({ key: '2026-03-15', requests: 0 });
  });

  it('ranks other groupings by requests, then by key, with runs no model answered last among equals', async () => {
    const rollups = new FixedRollups([group('b-model', 3), group(null, 5), group('a-model', 3), group('c-model', 9)]);
    const report = await new AnalyticsService({ analytics: rollups, clock }).report({ scope: 'all', groupBy: 'model' });
    expect(report).toMatchObject({ scope: 'all', accountId: null });
    expect(report.series.map((entry) => [entry.key, entry.requests])).toEqual([
      ['c-model', 9],
      [null, 5],
      ['a-model', 3],
      ['b-model', 3],
    ]);
    const tied = await new AnalyticsService({ analytics: new FixedRollups([group(null, 2), group('z', 2)]), clock }).report({ scope: 'all', groupBy: 'provider' });
    expect(tied.series.map((entry) => entry.key)).toEqual(['z', null]);
  });

  it('computes totals from the same groups, percentiles from their merged buckets', async () => {
    const rollups = new FixedRollups([
      group('summarize', 3, { succeeded: 2, failed: 1, inputTokens: 10, outputTokens: 20, costUsd: 0.1 + 0.2 }, [1000, 1000, 1000]),
      group('blog-gen', 1, { succeeded: 0, blocked: 1, inputTokens: 5, outputTokens: 1, costUsd: 0.0000004 }, [5]),
    ]);
    const report = await new AnalyticsService({ analytics: rollups, clock }).report({ scope: 'all', from: '2026-03-01', to: '2026-03-02', groupBy: 'agent' });
    expect(report.totals).toMatchObject({ requests: 4, succeeded: 2, failed: 1, blocked: 1, inputTokens: 15, outputTokens: 21, costUsd: 0.3 });
    // Three of four runs in 1000 ms's bucket [807.794, 1009.742): the median sits 1/3 into it.
    expect(report.totals.latencyMsP50).toBe(Math.round((807.794 + 201.948 / 3) * 10) / 10);
    expect(report.series.find((entry) => entry.key === 'blog-gen')).toMatchObject({ costUsd: 0, latencyMsP50: Math.round((4.768 + (5.96 - 4.768) / 2) * 10) / 10 });
  });

  it('refuses a bad range before asking the database', async () => {
    const rollups = new FixedRollups([]);
    await expect(new AnalyticsService({ analytics: rollups, clock }).report({ scope: 'all', from: '2026-02-30' })).rejects.toMatchObject({ code: 'invalid_request' });
    expect(rollups.queries).toEqual([]);
  });
});
