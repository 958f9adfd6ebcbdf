/** Whether an increment was applied, and the counter's value afterwards (or as it stands, when refused). */
export interface IncrementResult {
  accepted: boolean;
  count: number;
}

/**
 * Named counters that can be raised atomically up to a limit, shared by every process that uses the same
 * store. Each counter expires at a given time (the end of the day it counts).
 */
export interface UsageCounters {
  /**
   * Adds `units` unless that would take the counter past `limit` (null: no limit). Atomic across processes.
   * The counter is kept at least until `expiresAt`, judged by `now` (the caller's clock, not the store's).
   */
  tryIncrement(key: string, units: number, limit: number | null, expiresAt: Date, now: Date): Promise<IncrementResult>;
  /** Takes back units (never below zero); returns the value afterwards. */
  decrement(key: string, units: number): Promise<number>;
  get(key: string): Promise<number>;
}
