import { setTimeout as pause } from 'node:timers/promises';

export interface WaitForOptions {
  /** How long the condition has to come true before the wait fails. */
  timeoutMs?: number;
  /** How often it is checked. */
  intervalMs?: number;
  /** What is waited for, for the failure message. */
  what?: string;
}

/**
 * Resolves with the condition's first truthy answer, checking it until it comes or `timeoutMs` passes (then
 * throws, with the last answer). For outcomes a test cannot be told about directly: a row written by another
 * process, a log line, a counter. The interval only paces the checks; how long the wait takes is decided by
 * the condition.
 */
export async function waitFor<T>(condition: () => T | Promise<T>, options: WaitForOptions = {}): Promise<NonNullable<T>> {
  const { timeoutMs = 5000, intervalMs = 10, what = 'the condition' } = options;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const answer = await condition();
    if (answer) return answer;
    if (performance.now() >= deadline) throw new Error(`${what} did not come within ${timeoutMs} ms (last answer: ${String(answer)})`);
    await pause(intervalMs);
  }
}
