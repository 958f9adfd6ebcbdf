import { describe, expect, it } from 'vitest';
import { nextCrashCount, restartDelayMs } from './restart-backoff.ts';

describe('restarting a dead server worker', () => {
  it('waits 250 ms after one crash, doubling for each crash in a row, at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 8, 9, 50].map(restartDelayMs)).toEqual([250, 500, 1000, 2000, 4000, 30_000, 30_000, 30_000]);
  });

  it('counts crashes in a row while workers die within 30 s, and starts again after a worker that lasted', () => {
    expect(nextCrashCount(0, 100)).toBe(1);
    expect(nextCrashCount(3, 29_999)).toBe(4);
    expect(nextCrashCount(7, 30_000)).toBe(1);
  });
});
