import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_SCHEDULE_SECONDS, nextAttemptTime, parseRetrySchedule } from './retry-schedule.ts';

describe('the default retry schedule', () => {
  it('keeps trying for about a day', () => {
    const totalHours = DEFAULT_RETRY_SCHEDULE_SECONDS.reduce((sum, delay) => sum + delay, 0) / 3600;
    expect(totalHours).toBeGreaterThan(23);
    expect(totalHours).toBeLessThan(26);
    expect(parseRetrySchedule(DEFAULT_RETRY_SCHEDULE_SECONDS.join(','))).toEqual(DEFAULT_RETRY_SCHEDULE_SECONDS);
  });
});

describe('parseRetrySchedule', () => {
  it('reads comma-separated seconds, spaces allowed', () => {
    expect(parseRetrySchedule('10, 60 ,300')).toEqual([10, 60, 300]);
    expect(parseRetrySchedule('604800')).toEqual([604800]);
  });

  it.each([
    ['', /empty/],
    ['10,,60', /delay 2 \(""\) is not a positive whole number/],
    ['10,0', /delay 2 \("0"\) is not a positive/],
    ['-5', /delay 1 \("-5"\)/],
    ['1.5', /delay 1 \("1.5"\)/],
    ['ten', /delay 1 \("ten"\)/],
    ['604801', /longer than 7 days/],
    [Array.from({ length: 21 }, () => '1').join(','), /21 delays given, at most 20/],
  ])('refuses "%s"', (text, message) => {
    expect(() => parseRetrySchedule(text)).toThrow(message);
  });

  it('lists every problem at once', () => {
    expect(() => parseRetrySchedule('x,0,999999999')).toThrow(/delay 1.*; delay 2.*; delay 3/);
  });
});

describe('nextAttemptTime', () => {
  const after = new Date('2026-01-01T10:00:00.000Z');

  it('waits the delay for that attempt, spread by ±20%', () => {
    expect(nextAttemptTime([10, 60], 1, after, () => 0.5)?.toISOString()).toBe('2026-01-01T10:00:10.000Z');
    expect(nextAttemptTime([10, 60], 2, after, () => 0)?.toISOString()).toBe('2026-01-01T10:00:48.000Z');
    expect(nextAttemptTime([10, 60], 2, after, () => 0.999999)?.getTime()).toBeLessThanOrEqual(after.getTime() + 72_000);
  });

  it('has nothing after the last delay', () => {
    expect(nextAttemptTime([10, 60], 3, after, () => 0.5)).toBeUndefined();
    expect(nextAttemptTime([], 1, after, () => 0.5)).toBeUndefined();
  });
});
