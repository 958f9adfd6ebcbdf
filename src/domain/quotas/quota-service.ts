import type { Account } from '../../ports/account-repository.ts';
import type { Clock } from '../../ports/clock.ts';
import type { QuotaLedger } from '../../ports/quota-ledger.ts';
import { noTelemetry, type Telemetry } from '../../ports/telemetry.ts';
import { AppError } from '../errors.ts';
import { createId } from '../ids.ts';
import { counterKey } from './counter-key.ts';
import { HoldKeeper } from './hold-keeper.ts';
import type { PlanSurface, PlanTables } from './plan-table.ts';
import { nextUtcMidnight, utcDay } from './usage-day.ts';
import type { MeterReservation, UsageMeter, UsageSnapshot } from './usage-meter.ts';

/** A reservation on one day's counter: the day is what the record of the work keeps. */
export interface QuotaReservation extends MeterReservation {
  /** The UTC day (YYYY-MM-DD) whose counter holds the units. */
  day: string;
  settle: NonNullable<MeterReservation['settle']>;
}

const surfacePaths: Record<PlanSurface, string> = { api: '/api', v1: '/api/v1' };

/**
 * Daily quotas per account, per surface, per UTC day, from the plan tables. Units are held while the work
 * runs, settled by the work's record, released when it does not happen; see docs/decisions/0048-quota-holds.md.
 */
export class QuotaService {
  readonly #ledger: QuotaLedger;
  readonly #plans: PlanTables;
  readonly #clock: Clock;
  readonly #telemetry: Telemetry;
  readonly #keeper: HoldKeeper;

  constructor(dependencies: { ledger: QuotaLedger; plans: PlanTables; clock: Clock; holdMs?: number; telemetry?: Telemetry }) {
    this.#ledger = dependencies.ledger;
    this.#plans = dependencies.plans;
    this.#clock = dependencies.clock;
    this.#telemetry = dependencies.telemetry ?? noTelemetry;
    this.#keeper = new HoldKeeper({ ledger: this.#ledger, clock: this.#clock, holdMs: dependencies.holdMs ?? 30_000 });
  }

  /** The meter an execution on a surface uses for an account. */
  meterFor(account: Account, surface: PlanSurface): UsageMeter {
    return {
      reserve: (units = 1) => this.reserve(account, surface, units),
      snapshot: () => this.snapshot(account, surface),
      // A model call that answered is billed to us: the run that made it stays counted, whatever its outcome.
      countsFailuresFrom: 'answered',
    };
  }

  /**
   * Holds `units` of today's quota, atomically: with N left, N+k simultaneous reservations give exactly N
   * successes. Refuses with 429 quota_exceeded when the plan's daily limit would be passed, once the holds
   * of processes that died have been given back.
   */
  async reserve(account: Account, surface: PlanSurface, units = 1): Promise<QuotaReservation> {
    const now = this.#clock.now();
    const { planId, limit } = this.#planOf(account, surface);
    const day = utcDay(now);
    const hold = { id: createId('hold', now), counterKey: counterKey(surface, day, account.id), units };
    const resetAt = nextUtcMidnight(now);
    const take = () => unavailableAs503(() => this.#ledger.hold(hold, limit, { holdExpiresAt: this.#keeper.expiryFromNow(), counterExpiresAt: resetAt }));
    let result = await take();
    if (!result.accepted && (await this.reclaimExpired()) > 0) result = await take();
    const snapshot = snapshotOf(planId, limit, result.count, resetAt);
    if (!result.accepted) {
      this.#telemetry.quotaRefused({ surface, code: 'quota_exceeded' });
      const retryAfterSeconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
      throw new AppError(
        'quota_exceeded',
        refusalMessage({ planId, limit, used: result.count, units, path: surfacePaths[surface], resetAt }),
        { usage: { used: result.count, limit, plan: planId }, upgradeUrl: '/pricing', resetAt: resetAt.toISOString() },
        { retryAfterSeconds },
      );
    }
    this.#keeper.track(hold.id);
    return {
      day,
      snapshot,
      settle: (keptUnits) => {
        this.#keeper.forget(hold.id);
        return { holdId: hold.id, counterKey: hold.counterKey, keptUnits, counterExpiresAt: resetAt.toISOString() };
      },
      release: async () => {
        this.#keeper.forget(hold.id);
        await this.#ledger.release(hold.id);
      },
    };
  }

  /** Gives back the holds of work whose process died before recording it; returns how many. */
  async reclaimExpired(): Promise<number> {
    return this.#ledger.reclaimExpired(this.#clock.now()).catch(() => 0);
  }

  async snapshot(account: Account, surface: PlanSurface): Promise<UsageSnapshot> {
    const now = this.#clock.now();
    const { planId, limit } = this.#planOf(account, surface);
    const used = await unavailableAs503(() => this.#ledger.get(counterKey(surface, utcDay(now), account.id)));
    return snapshotOf(planId, limit, used, nextUtcMidnight(now));
  }

  #planOf(account: Account, surface: PlanSurface): { planId: string; limit: number | null } {
    const { planId, plan } = this.#plans.planOf(account, surface);
    // null is an unlimited plan; a plan missing altogether (impossible after validation) allows nothing.
    return { planId, limit: plan === undefined ? 0 : plan.dailyLimit };
  }
}

/** A counter store that does not answer makes limits unknowable: the request is refused with 503, not run. */
export async function unavailableAs503<Result>(operation: () => Promise<Result>): Promise<Result> {
  try {
    return await operation();
  } catch (error) {
    throw new AppError('overloaded', 'Usage counting is unavailable right now; retry shortly', {}, { retryAfterSeconds: 5, cause: error });
  }
}

/**
 * What a 429 says: the daily limit is used up, or, for work of several units (a run of several steps, one
 * unit each), how many it needs and how many are left, so a caller with some left knows why it was refused.
 */
function refusalMessage(refused: { planId: string; limit: number | null; used: number; units: number; path: string; resetAt: Date }): string {
  const plan = `the ${refused.planId} plan allows ${refused.limit ?? 'unlimited'} requests per day on ${refused.path}`;
  const reset = `It resets at ${refused.resetAt.toISOString()} (UTC midnight).`;
  const left = Math.max(0, (refused.limit ?? 0) - refused.used);
  if (refused.units <= 1) return `Daily limit reached: ${plan}. ${reset}`;
  return `Not enough of the daily limit left: this needs ${refused.units} units (one per step) and ${left} ${left === 1 ? 'is' : 'are'} left today; ${plan}. ${reset}`;
}

function snapshotOf(plan: string, limit: number | null, used: number, resetAt: Date): UsageSnapshot {
  return { plan, limit, used, remaining: limit === null ? null : Math.max(0, limit - used), resetAt, windowSeconds: 86_400 };
}
