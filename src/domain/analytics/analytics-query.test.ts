import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { addDays, analyticsDayWindow, daysOf, resolveAnalyticsQuery } from './analytics-query.ts';

const today = '2026-03-15';

function issuesOf(input: Parameters<typeof resolveAnalyticsQuery>[0]): unknown {
  try {
    resolveAnalyticsQuery(input, today);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('invalid_request');
    return (error as AppError).details.issues;
  }
  throw new Error('expected a 400');
}

describe('resolveAnalyticsQuery', () => {
  it('defaults to the last 30 days, today included, by day', () => {
    expect(resolveAnalyticsQuery({}, today)).toEqual({ from: '2026-02-14', to: '2026-03-15', groupBy: 'day' });
  });

  it('counts the default range back from the given end', () => {
    expect(resolveAnalyticsQuery({ to: '2026-01-31', groupBy: 'model' }, today)).toEqual({ from: '2026-01-02', to: '2026-01-31', groupBy: 'model' });
    expect(resolveAnalyticsQuery({ from: '2026-03-01' }, today)).toEqual({ from: '2026-03-01', to: '2026-03-15', groupBy: 'day' });
  });

  it('accepts one day, and 366 days (a leap year)', () => {
    expect(resolveAnalyticsQuery({ from: '2026-03-15', to: '2026-03-15' }, today)).toMatchObject({ from: '2026-03-15', to: '2026-03-15' });
    expect(resolveAnalyticsQuery({ from: '2024-01-01', to: '2024-12-31', groupBy: 'provider' }, today)).toMatchObject({ from: '2024-01-01', to: '2024-12-31' });
  });

  it('refuses days that are not in the calendar or not written YYYY-MM-DD', () => {
    expect(issuesOf({ from: '2026-02-30', to: '2026-03-01' })).toEqual([{ path: 'from', message: '2026-02-30 is not a calendar date' }]);
    expect(issuesOf({ to: '2025-02-29' })).toEqual([{ path: 'to', message: '2025-02-29 is not a calendar date' }]);
    expect(issuesOf({ from: '2026-13-01' })).toEqual([{ path: 'from', message: '2026-13-01 is not a calendar date' }]);
    for (const written of ['yesterday', '2026-3-1', '01/03/2026', '2026-03-01T00:00:00Z', '']) {
      expect(issuesOf({ from: written })).toEqual([{ path: 'from', message: 'must be a date written YYYY-MM-DD (a UTC day), e.g. 2026-03-01' }]);
    }
  });

  it('refuses a start after the end, and ranges over 366 days', () => {
    expect(issuesOf({ from: '2026-03-02', to: '2026-03-01' })).toEqual([{ path: 'from', message: '2026-03-02 is after to (2026-03-01)' }]);
    expect(issuesOf({ from: '2025-01-01', to: '2026-01-02' })).toEqual([
      { path: 'from', message: 'the range 2025-01-01 to 2026-01-02 spans 367 days; at most 366 are allowed' },
    ]);
    expect(issuesOf({ from: '2020-01-01' })).toEqual([expect.objectContaining({ path: 'from', message: expect.stringContaining('spans 2266 days') })]);
  });

  it('refuses days outside the years reports cover, at once', () => {
    const outside = `must be a day from ${analyticsDayWindow.first} to ${analyticsDayWindow.last}`;
    expect(issuesOf({ from: '9999-12-01', to: '9999-12-31' })).toEqual([
      { path: 'from', message: outside },
      { path: 'to', message: outside },
    ]);
    expect(issuesOf({ from: '0000-01-01', to: '0000-01-31' })).toEqual([
      { path: 'from', message: outside },
      { path: 'to', message: outside },
    ]);
    expect(issuesOf({ from: '1999-12-31', to: '2000-01-01' })).toEqual([{ path: 'from', message: outside }]);
    expect(issuesOf({ to: '2200-01-01' })).toEqual([{ path: 'to', message: outside }]);
  });

  it('accepts the first and last days of the window, and starts a default range no earlier than the first', () => {
    expect(resolveAnalyticsQuery({ from: analyticsDayWindow.first, to: analyticsDayWindow.first }, today)).toMatchObject({ from: '2000-01-01' });
    expect(resolveAnalyticsQuery({ from: '2199-12-01', to: analyticsDayWindow.last }, today)).toMatchObject({ to: '2199-12-31' });
    expect(resolveAnalyticsQuery({ to: '2000-01-05' }, today)).toMatchObject({ from: '2000-01-01', to: '2000-01-05' });
  });

  it('refuses an unknown grouping', () => {
    expect(issuesOf({ groupBy: 'week' })).toEqual([{ path: 'groupBy', message: 'must be one of day, agent, model, provider' }]);
  });

  it('lists every problem at once', () => {
    expect(issuesOf({ from: '2026-02-30', to: 'soon', groupBy: 'hour' })).toEqual([
      { path: 'from', message: '2026-02-30 is not a calendar date' },
      { path: 'to', message: 'must be a date written YYYY-MM-DD (a UTC day), e.g. 2026-03-01' },
      { path: 'groupBy', message: 'must be one of day, agent, model, provider' },
    ]);
  });
});

describe('day arithmetic', () => {
  it('crosses months, leap days and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysOf('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('lists the days of a range at the end of the calendar and stops', () => {
    expect(daysOf('9999-12-30', '9999-12-31')).toEqual(['9999-12-30', '9999-12-31']);
  });
});
