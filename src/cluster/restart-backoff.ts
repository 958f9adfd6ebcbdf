/** A worker up at least this long before it died starts a new count of crashes. */
export const stableUptimeMs = 30_000;

const firstDelayMs = 250;
const longestDelayMs = 30_000;

/**
 * How long the primary waits before replacing a worker that died: 250 ms after one crash, doubling with each
 * crash in a row (of workers that died within 30 s of starting) up to 30 s, so a worker that cannot start
 * does not spin the machine.
 */
export function restartDelayMs(crashesInRow: number): number {
  return Math.min(firstDelayMs * 2 ** Math.max(0, crashesInRow - 1), longestDelayMs);
}

/** The crashes in a row once a worker that was up for `uptimeMs` died. */
export function nextCrashCount(previous: number, uptimeMs: number): number {
  return uptimeMs >= stableUptimeMs ? 1 : previous + 1;
}
