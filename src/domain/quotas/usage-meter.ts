import type { QuotaSettlement } from '../../ports/quota-ledger.ts';

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
  /** Gives the reserved units back, for work that did not happen or failed on our side. */
  release(): Promise<void>;
  /**
   * Present when the units are settled by the record of the work: what that record carries so that storing
   * it also keeps `keptUnits` and gives the rest back, in one write (see QuotaSettlement). Once it is
   * recorded, nothing else is to be done; if the record cannot be stored, `release` gives everything back.
   */
  settle?(keptUnits: number): QuotaSettlement;
}

/**
 * How far a run got before it ended: `none`, refused before anything left the service; `outbound`, a tool
 * fetched or searched, or a model was called; `answered`, a model answered with usable output (a billed
 * call). See docs/decisions/0040-what-a-run-spends.md.
 */
export type RunProgress = 'none' | 'outbound' | 'answered';

const progressRank: Readonly<Record<RunProgress, number>> = { none: 0, outbound: 1, answered: 2 };

/** The further of two points a run reached. */
export function furthest(current: RunProgress, reached: RunProgress): RunProgress {
  return progressRank[reached] > progressRank[current] ? reached : current;
}

/**
 * Counts what an execution uses against a limit: reserve before the work (refusing with 429 when the limit
 * is reached), then release when the work did not succeed and did not get as far as `countsFailuresFrom`.
 */
export interface UsageMeter {
  reserve(units?: number): Promise<MeterReservation>;
  /** The current state, without reserving anything. */
  snapshot(): Promise<UsageSnapshot>;
  /**
   * How far a failed run must have got to stay counted: `answered` for paid plans (what was billed upstream
   * is not given back), `outbound` for anonymous callers (any request the service made for them counts).
   */
  readonly countsFailuresFrom: Exclude<RunProgress, 'none'>;
}

/** Whether a run that ended without success, having got this far, spent the unit it reserved. */
export function spentUnit(meter: Pick<UsageMeter, 'countsFailuresFrom'>, progress: RunProgress): boolean {
  return progressRank[progress] >= progressRank[meter.countsFailuresFrom];
}

/**
 * The unit of work paid for in advance (a playbook reserves one per step when it starts): the run keeps or
 * gives it back by the paid plans' rule, and `spent()` tells the step which it was.
 */
export function prepaidUnit(): { meter: UsageMeter; spent(): boolean } {
  let reserved = false;
  let released = false;
  const meter: UsageMeter = {
    countsFailuresFrom: 'answered',
    async reserve() {
      reserved = true;
      return {
        snapshot: unlimitedSnapshot(),
        release: async () => {
          released = true;
        },
      };
    },
    async snapshot() {
      return unlimitedSnapshot();
    },
  };
  return { meter, spent: () => reserved && !released };
}

function unlimitedSnapshot(): UsageSnapshot {
  return { plan: 'unmetered', limit: null, used: 0, remaining: null, resetAt: new Date(0), windowSeconds: 0 };
}
