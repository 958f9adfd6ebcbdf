/**
 * Seconds to wait after each failed attempt before the next: 10 s, 1 min, 5 min, 30 min, 2 h, 6 h, 16 h.
 * Eight attempts over about 24.6 hours, so a receiver that is down for most of a day still gets the message.
 */
export const DEFAULT_RETRY_SCHEDULE_SECONDS: readonly number[] = [10, 60, 300, 1800, 7200, 21600, 57600];

const maxDelaySeconds = 7 * 24 * 60 * 60;
const maxEntries = 20;

/** Reads a schedule written as comma-separated seconds (`10,60,300`); throws an Error naming every problem. */
export function parseRetrySchedule(text: string): number[] {
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.length === 1 && entries[0] === '') throw new Error('The retry schedule is empty: give at least one delay in seconds, e.g. "10,60,300"');
  const problems: string[] = [];
  if (entries.length > maxEntries) problems.push(`${entries.length} delays given, at most ${maxEntries} allowed`);
  const delays = entries.map((entry, index) => {
    const delay = /^\d+$/.test(entry) ? Number(entry) : Number.NaN;
    if (!Number.isSafeInteger(delay) || delay <= 0) problems.push(`delay ${index + 1} ("${entry}") is not a positive whole number of seconds`);
    else if (delay > maxDelaySeconds) problems.push(`delay ${index + 1} (${delay}) is longer than 7 days (${maxDelaySeconds} seconds)`);
    return delay;
  });
  if (problems.length > 0) throw new Error(`Invalid retry schedule "${text}": ${problems.join('; ')}`);
  return delays;
}

/**
 * When the attempt after attempt number `attempt` is due, or undefined when the schedule has no more.
 * `random` (in [0, 1)) spreads the delay over ±20%, so messages that failed together do not return together.
 */
export function nextAttemptTime(schedule: readonly number[], attempt: number, after: Date, random: () => number): Date | undefined {
  const delaySeconds = schedule[attempt - 1];
  if (delaySeconds === undefined) return undefined;
  const jitter = 0.8 + 0.4 * random();
  return new Date(after.getTime() + Math.round(delaySeconds * 1000 * jitter));
}
