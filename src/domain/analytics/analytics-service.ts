import type { AnalyticsGroupBy, AnalyticsRepository, AnalyticsScope, RollupGroup } from '../../ports/analytics-repository.ts';
import type { Clock } from '../../ports/clock.ts';
import type { ValidationIssue } from '../errors.ts';
import { daysOf, readAnalyticsQuery, resolveAnalyticsQuery, type AnalyticsQueryInput } from './analytics-query.ts';
import { addLatencyCounts, percentileFromBuckets } from './latency-buckets.ts';
import { addSafetyCounts } from './safety-verdict-counts.ts';

/** The figures of a set of runs: the rollup sums (cost rounded to 6 decimals) and latency percentiles. */
export interface AnalyticsFigures extends Omit<RollupGroup, 'key' | 'latencyCounts'> {
  /** From the latency buckets (see latency-buckets.ts for the error bound), to 0.1 ms; null without runs. */
  latencyMsP50: number | null;
  latencyMsP95: number | null;
}

export interface AnalyticsSeriesEntry extends AnalyticsFigures {
  /** The day, agent, model or provider; null for runs that no model answered (by model or provider). */
  key: string | null;
}

export interface AnalyticsReport {
  from: string;
  to: string;
  groupBy: AnalyticsGroupBy;
  scope: 'account' | 'all';
  /** The account reported on; null for every account. */
  accountId: string | null;
  totals: AnalyticsFigures;
  /**
   * By day: every day of the range in order, days without runs included (zeros). Otherwise the keys that
   * have runs, most requests first, then by key (null last).
   */
  series: AnalyticsSeriesEntry[];
}

export interface AnalyticsRequest {
  scope: AnalyticsScope;
  from?: string | undefined;
  to?: string | undefined;
  groupBy?: string | undefined;
}

/**
 * Usage reports over the run log: requests, outcomes, tokens, cost, latency and the safety layers' flagged and
 * blocked verdicts per day, agent, model or provider.
 */
export class AnalyticsService {
  readonly #analytics: AnalyticsRepository;
  readonly #clock: Clock;

  constructor(dependencies: { analytics: AnalyticsRepository; clock: Clock }) {
    this.#analytics = dependencies.analytics;
    this.#clock = dependencies.clock;
  }

  /**
   * Totals and series for the range, counted by the UTC day each run started. Throws 400 invalid_request
   * listing every problem with the range or the grouping.
   */
  /**
   * What is wrong with a report's range and grouping, listed rather than thrown: for a request refused for
   * something else too, so one 400 lists everything.
   */
  queryIssues(input: AnalyticsQueryInput): ValidationIssue[] {
    return readAnalyticsQuery(input, this.#clock.now().toISOString().slice(0, 10)).issues;
  }

  async report(request: AnalyticsRequest): Promise<AnalyticsReport> {
    const today = this.#clock.now().toISOString().slice(0, 10);
    const query = resolveAnalyticsQuery(request, today);
    const groups = await this.#analytics.rollups({ scope: request.scope, fromDay: query.from, toDay: query.to, groupBy: query.groupBy });
    return {
      from: query.from,
      to: query.to,
      groupBy: query.groupBy,
      scope: request.scope === 'all' ? 'all' : 'account',
      accountId: request.scope === 'all' ? null : request.scope.accountId,
      totals: figuresOf(groups.reduce(addGroup, emptyGroup(null))),
      series: query.groupBy === 'day' ? daySeries(groups, query.from, query.to) : rankedSeries(groups),
    };
  }
}

function daySeries(groups: readonly RollupGroup[], from: string, to: string): AnalyticsSeriesEntry[] {
  const byDay = new Map(groups.map((group) => [group.key, group]));
  return daysOf(from, to).map((day) => ({ key: day, ...figuresOf(byDay.get(day) ?? emptyGroup(day)) }));
}

function rankedSeries(groups: readonly RollupGroup[]): AnalyticsSeriesEntry[] {
  return [...groups].sort(byRequestsThenKey).map((group) => ({ key: group.key, ...figuresOf(group) }));
}

function byRequestsThenKey(left: RollupGroup, right: RollupGroup): number {
  if (left.requests !== right.requests) return right.requests - left.requests;
  if (left.key === right.key) return 0;
  if (left.key === null) return 1;
  if (right.key === null) return -1;
  return left.key < right.key ? -1 : 1;
}

function emptyGroup(key: string | null): RollupGroup {
  return { key, requests: 0, succeeded: 0, failed: 0, blocked: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, latencyCounts: [], safety: { flagged: {}, blocked: {} } };
}

function addGroup(total: RollupGroup, group: RollupGroup): RollupGroup {
  return {
    key: total.key,
    requests: total.requests + group.requests,
    succeeded: total.succeeded + group.succeeded,
    failed: total.failed + group.failed,
    blocked: total.blocked + group.blocked,
    inputTokens: total.inputTokens + group.inputTokens,
    outputTokens: total.outputTokens + group.outputTokens,
    costUsd: cleanCost(total.costUsd + cleanCost(group.costUsd)),
    latencyCounts: addLatencyCounts(total.latencyCounts, group.latencyCounts),
    safety: addSafetyCounts(total.safety, group.safety),
  };
}

function figuresOf(group: RollupGroup): AnalyticsFigures {
  return {
    requests: group.requests,
    succeeded: group.succeeded,
    failed: group.failed,
    blocked: group.blocked,
    inputTokens: group.inputTokens,
    outputTokens: group.outputTokens,
    costUsd: Math.round(cleanCost(group.costUsd) * 1e6) / 1e6,
    latencyMsP50: tenths(percentileFromBuckets(group.latencyCounts, 0.5)),
    latencyMsP95: tenths(percentileFromBuckets(group.latencyCounts, 0.95)),
    safety: group.safety,
  };
}

/**
 * Run costs are recorded to 1e-8 USD; rounding sums back to that grain removes the floating-point noise
 * of adding them in a different order, so both databases give the same figures for the same runs.
 */
function cleanCost(usd: number): number {
  return Math.round(usd * 1e8) / 1e8;
}

function tenths(ms: number | null): number | null {
  return ms === null ? null : Math.round(ms * 10) / 10;
}
