/** The state of a limit, for response headers and the 429 body. */
export interface UsageSnapshot {
  /** The plan (or "anonymous" for the free tier). */
  plan: string;
  /** null when the plan is unlimited. */
  limit: number | null;
  used: number;
  remaining: number | null;
  /** When the limit resets (or, for a rolling window, when the next unit frees up). */
  resetAt: Date;
  /** Length of the limit's window, seconds. */
  windowSeconds: number;
}

export interface MeterReservation {
  snapshot: UsageSnapshot;
  /** Gives the reserved units back (all, or some), for work that did not happen or failed on our side. */
  release(units?: number): Promise<void>;
}

/**
 * Counts what an execution uses against a limit: reserve before the work (refusing with 429 when the limit
 * is reached), then release when the work did not succeed, so only successful work is counted.
 */
export interface UsageMeter {
  reserve(units?: number): Promise<MeterReservation>;
  /** The current state, without reserving anything. */
  snapshot(): Promise<UsageSnapshot>;
}

/** For work already paid for elsewhere (a playbook reserves its steps up front). */
export const unmeteredUsage: UsageMeter = {
  async reserve() {
    return { snapshot: unlimitedSnapshot(), release: async () => undefined };
  },
  async snapshot() {
    return unlimitedSnapshot();
  },
};

function unlimitedSnapshot(): UsageSnapshot {
  return { plan: 'unmetered', limit: null, used: 0, remaining: null, resetAt: new Date(0), windowSeconds: 0 };
}
