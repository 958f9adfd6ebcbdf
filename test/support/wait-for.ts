import { setTimeout as pause } from 'node:timers/promises';

/** What a condition answers once it holds. */
export type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

export interface WaitForOptions {
  /** How long the condition has to come true before the wait fails. */
  timeoutMs?: number;
  /** How often it is checked. */
  intervalMs?: number;
  /** What is waited for, for the failure message; a function to say what was last seen, when it fails. */
  what?: string | (() => string);
}

/**
 * Resolves with the condition's first truthy answer, checking it until it comes or `timeoutMs` passes (then
 * throws, with the last answer). For outcomes a test cannot be told about directly: a row written by another
 * process, a log line, a counter. The interval only paces the checks; how long the wait takes is decided by
 * the condition.
 */
export async function waitFor<T>(condition: () => T | Promise<T>, options: WaitForOptions = {}): Promise<Truthy<T>> {
  const { timeoutMs = 5000, intervalMs = 10, what = 'the condition' } = options;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const answer = await condition();
    if (answer) return answer as Truthy<T>;
    if (performance.now() >= deadline) {
      throw new Error(`${typeof what === 'function' ? what() : what} did not come within ${timeoutMs} ms (last answer: ${String(answer)})`);
    }
    await pause(intervalMs);
  }
}
