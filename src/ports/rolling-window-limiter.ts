export interface WindowResult {
  accepted: boolean;
  /** Hits in the window after this attempt (an accepted hit included). */
  count: number;
  /** When the oldest hit in the window leaves it, in epoch milliseconds; null when the window is empty. */
  oldestExpiresAt: number | null;
  /** Identifies an accepted hit, so it can be taken back. */
  hitId: string | null;
}

/** At most `limit` hits per key in any `windowMs` (a sliding log), atomic across processes. */
export interface RollingWindowLimiter {
  tryHit(key: string, limit: number, windowMs: number, now: number): Promise<WindowResult>;
  /** Removes an accepted hit, for work that did not happen after all. */
  removeHit(key: string, hitId: string): Promise<void>;
  count(key: string, windowMs: number, now: number): Promise<number>;
}
