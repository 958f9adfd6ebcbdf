import type { AnalyticsGroupBy } from '../../ports/analytics-repository.ts';
import { invalidRequest, type ValidationIssue } from '../errors.ts';

export const analyticsGroupings = ['day', 'agent', 'model', 'provider'] as const satisfies readonly AnalyticsGroupBy[];

/** The longest range a report covers, in days (a leap year). */
export const maxAnalyticsSpanDays = 366;

/** The range a report covers when none is given: the last 30 days, today included. */
export const defaultAnalyticsSpanDays = 30;

/** The days a report may name: the service has no runs before the first, and dates past the last are mistakes. */
export const analyticsDayWindow = { first: '2000-01-01', last: '2199-12-31' } as const;

/** A report's range and grouping, validated and with the defaults filled in. */
export interface AnalyticsQuery {
  /** First UTC day, YYYY-MM-DD, inclusive. */
  from: string;
  /** Last UTC day, inclusive. */
  to: string;
  groupBy: AnalyticsGroupBy;
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const dayMs = 86_400_000;

/**
 * Validates a report request, listing every problem in one 400: `from` and `to` must be calendar days
 * written YYYY-MM-DD within `analyticsDayWindow`, `from` not after `to`, at most 366 days apart (both
 * included). `to` defaults to `today`, `from` to 29 days before `to` (not before the window), `groupBy` to
 * `day`.
 */
export function resolveAnalyticsQuery(input: AnalyticsQueryInput, today: string): AnalyticsQuery {
  const { issues, query } = readAnalyticsQuery(input, today);
  if (!query) throw invalidRequest(issues);
  return query;
}

export interface AnalyticsQueryInput {
  from?: string | undefined;
  to?: string | undefined;
  groupBy?: string | undefined;
}

/** Every problem with a report request, and the query when there is none. */
export function readAnalyticsQuery(input: AnalyticsQueryInput, today: string): { issues: ValidationIssue[]; query?: AnalyticsQuery } {
  const issues: ValidationIssue[] = [];
  const givenFrom = input.from === undefined ? undefined : checkedDay(input.from, 'from', issues);
  const to = input.to === undefined ? today : checkedDay(input.to, 'to', issues);
  const from = input.from === undefined ? to && latest(addDays(to, -(defaultAnalyticsSpanDays - 1)), analyticsDayWindow.first) : givenFrom;
  if (from !== undefined && to !== undefined) {
    const span = daysBetween(from, to) + 1;
    if (from > to) issues.push({ path: 'from', message: `${from} is after to (${to})` });
    else if (span > maxAnalyticsSpanDays) issues.push({ path: 'from', message: `the range ${from} to ${to} spans ${span} days; at most ${maxAnalyticsSpanDays} are allowed` });
  }
  const groupBy = input.groupBy ?? 'day';
  if (!isGrouping(groupBy)) issues.push({ path: 'groupBy', message: `must be one of ${analyticsGroupings.join(', ')}` });
  if (issues.length > 0 || from === undefined || to === undefined || !isGrouping(groupBy)) return { issues };
  return { issues, query: { from, to, groupBy } };
}

/** Every day from `from` to `to`, both included; counted rather than compared as text, which stops past year 9999 too. */
export function daysOf(from: string, to: string): string[] {
  const count = daysBetween(from, to) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDays(from, index));
}

/** The UTC day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * dayMs).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / dayMs);
}

function checkedDay(value: string, path: string, issues: ValidationIssue[]): string | undefined {
  if (!dayPattern.test(value)) {
    issues.push({ path, message: 'must be a date written YYYY-MM-DD (a UTC day), e.g. 2026-03-01' });
    return undefined;
  }
  const parsed = Date.parse(`${value}T00:00:00.000Z`);
  if (Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 10) !== value) {
    issues.push({ path, message: `${value} is not a calendar date` });
    return undefined;
  }
  if (value < analyticsDayWindow.first || value > analyticsDayWindow.last) {
    issues.push({ path, message: `must be a day from ${analyticsDayWindow.first} to ${analyticsDayWindow.last}` });
    return undefined;
  }
  return value;
}

function latest(day: string, other: string): string {
  return day > other ? day : other;
}

function isGrouping(value: string): value is AnalyticsGroupBy {
  return (analyticsGroupings as readonly string[]).includes(value);
}
