/** Whether units were counted, and the counter's value afterwards (or as it stands, when refused). */
export interface HoldResult {
  accepted: boolean;
  count: number;
}

/** Units counted for work in progress, under an id that settles or releases them. */
export interface QuotaHold {
  id: string;
  counterKey: string;
  units: number;
}

/**
 * What the record of the work carries so that the hold is settled in the same write: the hold ends, and the
 * units not kept are given back. Recorded but no longer held (it expired while its process was paused), the
 * units kept are counted again.
 */
export interface QuotaSettlement {
  holdId: string;
  counterKey: string;
  keptUnits: number;
  /** When the counter may be dropped (the end of the day it counts), should it have to be written anew. */
  counterExpiresAt: string;
}

/**
 * Daily counters shared by every process, raised atomically up to a limit. Each raise is a hold with an
 * expiry: the record of the work settles it, a failure releases it, and the holds of a process that died are
 * given back once they expire, so a counter always equals what recorded work kept plus work in progress.
 */
export interface QuotaLedger {
  /**
   * Adds `hold.units` to the counter unless that would pass `limit` (null: no limit), and holds them until
   * `holdExpiresAt`. Atomic across processes. The counter itself is kept until `counterExpiresAt`.
   */
  hold(hold: QuotaHold, limit: number | null, times: { holdExpiresAt: Date; counterExpiresAt: Date }): Promise<HoldResult>;
  /** Gives a hold's units back (work that did not happen). Does nothing for a hold already settled or released. */
  release(holdId: string): Promise<void>;
  /** Moves the expiry of holds whose work is still going on. */
  extend(holdIds: readonly string[], holdExpiresAt: Date): Promise<void>;
  /** Gives back every hold that expired before `now`; returns how many. */
  reclaimExpired(now: Date): Promise<number>;
  get(counterKey: string): Promise<number>;
  /** Housekeeping: counters of days that have ended. */
  purgeExpired(now: Date): Promise<number>;
}
