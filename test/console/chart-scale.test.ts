import { describe, expect, it } from 'vitest';
import { labelStride, linearScale, niceTicks, stackedMax, truncate, valueMax } from '../../console/src/components/charts/scale.ts';
import { addDays, formatLongDay, formatShortDay, isDay, lastDays, todayUtc } from '../../console/src/components/day-range.ts';

describe('niceTicks', () => {
  it('steps by 1, 2, 2.5 or 5 times a power of ten, from 0 to at least the maximum', () => {
    expect(niceTicks(6)).toEqual([0, 2, 4, 6]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(130)).toEqual([0, 50, 100, 150]);
    expect(niceTicks(397)).toEqual([0, 100, 200, 300, 400]);
    expect(niceTicks(1)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('reads small money without float noise', () => {
    expect(niceTicks(0.000943)).toEqual([0, 0.00025, 0.0005, 0.00075, 0.001]);
    expect(niceTicks(0.3, 3)).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it('keeps counts whole', () => {
    expect(niceTicks(1, 4, { integer: true })).toEqual([0, 1]);
    expect(niceTicks(3, 4, { integer: true })).toEqual([0, 1, 2, 3]);
    expect(niceTicks(10, 4, { integer: true })).toEqual([0, 5, 10]);
    expect(niceTicks(9, 4, { integer: true })).toEqual([0, 5, 10]);
  });

  it('gives an empty or broken series the axis 0 to 1', () => {
    expect(niceTicks(0)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(niceTicks(-3, 4, { integer: true })).toEqual([0, 1]);
    expect(niceTicks(Number.NaN, 4, { integer: true })).toEqual([0, 1]);
    expect(niceTicks(Number.POSITIVE_INFINITY, 2)).toEqual([0, 0.5, 1]);
  });

  it('always ends at or above the maximum, in about the number of steps asked for', () => {
    for (const max of [0.0001, 0.7, 3, 12, 99, 101, 555, 12_345, 987_654]) {
      for (const count of [2, 4, 5]) {
        const ticks = niceTicks(max, count);
        expect(ticks[0]).toBe(0);
        expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
        expect(ticks.length - 1).toBeLessThanOrEqual(count * 2 + 1);
      }
    }
  });
});

describe('linearScale', () => {
  it('maps 0…max onto a range, reversed for a y axis', () => {
    const y = linearScale(10, 200, 0);
    expect(y(0)).toBe(200);
    expect(y(10)).toBe(0);
    expect(y(2.5)).toBe(150);
    expect(linearScale(0, 0, 100)(0)).toBe(0);
  });
});

describe('labelStride', () => {
  it('draws every label that fits, and every n-th otherwise', () => {
    expect(labelStride(7, 600, 50)).toBe(1);
    expect(labelStride(30, 600, 50)).toBe(3);
    expect(labelStride(30, 300, 50)).toBe(5);
    expect(labelStride(0, 300, 50)).toBe(1);
    expect(labelStride(5, 10, 50)).toBe(5);
  });
});

describe('stackedMax and valueMax', () => {
  it('adds stacked series per category and ignores missing values', () => {
    expect(stackedMax([[1, 2, 0], [3, null, 1], [0, 0, 5]])).toBe(6);
    expect(stackedMax([])).toBe(0);
    expect(valueMax([[null, 4], [7, null]])).toBe(7);
    expect(valueMax([[null]])).toBe(0);
  });
});

describe('truncate', () => {
  it('cuts long labels with an ellipsis', () => {
    expect(truncate('summarize', 20)).toBe('summarize');
    expect(truncate('groq/meta-llama/llama-4-maverick', 10)).toBe('groq/meta…');
    expect(truncate('abc', 1)).toBe('a…');
  });
});

describe('UTC days', () => {
  it('reads, counts and shifts calendar days', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('26-02-01')).toBe(false);
    expect(isDay(null)).toBe(false);
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('makes presets that end today, both days included', () => {
    expect(todayUtc(new Date('2026-11-26T23:59:00Z'))).toBe('2026-11-26');
    expect(lastDays(7, '2026-11-26')).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    expect(lastDays(30, '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('writes days for axes and text in UTC', () => {
    expect(formatShortDay('2026-11-26')).toBe('Nov 26');
    expect(formatLongDay('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatShortDay('not a day')).toBe('not a day');
  });
});
