import type { Account } from '../../ports/account-repository.ts';
import type { Clock } from '../../ports/clock.ts';
import { noTelemetry, type Telemetry } from '../../ports/telemetry.ts';
import type { UsageCounters } from '../../ports/usage-counters.ts';
import { AppError } from '../errors.ts';
import type { PlanSurface, PlanTables } from './plan-table.ts';
import { nextUtcMidnight, utcDay } from './usage-day.ts';
import type { MeterReservation, UsageMeter, UsageSnapshot } from './usage-meter.ts';

/** A reservation on one day's counter: the day is what a later refund needs. */
export interface QuotaReservation extends MeterReservation {
  /** The UTC day (YYYY-MM-DD) whose counter holds the units. */
  day: string;
}

const surfacePaths: Record<PlanSurface, string> = { api: '/api', v1: '/api/v1' };

/** Daily quotas per account, per surface, per UTC day, from the plan tables. */
export class QuotaService {
  readonly #counters: UsageCounters;
  readonly #plans: PlanTables;
  readonly #clock: Clock;
  readonly #telemetry: Telemetry;

  constructor(dependencies: { counters: UsageCounters; plans: PlanTables; clock: Clock; telemetry?: Telemetry }) {
    this.#counters = dependencies.counters;
    this.#plans = dependencies.plans;
    this.#clock = dependencies.clock;
    this.#telemetry = dependencies.telemetry ?? noTelemetry;
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
   * Reserves `units` of today's quota, atomically: with N left, N+k simultaneous reservations give exactly
   * N successes. Refuses with 429 quota_exceeded when the plan's daily limit would be passed.
   */
  async reserve(account: Account, surface: PlanSurface, units = 1): Promise<QuotaReservation> {
    const now = this.#clock.now();
    const { planId, limit } = this.#planOf(account, surface);
    const day = utcDay(now);
    const key = counterKey(surface, day, account.id);
    const resetAt = nextUtcMidnight(now);
    const result = await unavailableAs503(() => this.#counters.tryIncrement(key, units, limit, resetAt, now));
    const snapshot = snapshotOf(planId, limit, result.count, resetAt);
    if (!result.accepted) {
      this.#telemetry.quotaRefused({ surface, code: 'quota_exceeded' });
      const retryAfterSeconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
      throw new AppError(
        'quota_exceeded',
        `Daily limit reached: the ${planId} plan allows ${limit} requests per day on ${surfacePaths[surface]}. It resets at ${resetAt.toISOString()} (UTC midnight).`,
        { usage: { used: result.count, limit, plan: planId }, upgradeUrl: '/pricing', resetAt: resetAt.toISOString() },
        { retryAfterSeconds },
      );
    }
    let released = 0;
    return {
      day,
      snapshot,
      release: async (count = units) => {
        const giveBack = Math.min(count, units - released);
        if (giveBack <= 0) return;
        released += giveBack;
        await this.#counters.decrement(key, giveBack);
      },
    };
  }

  /**
   * Gives back units reserved earlier, possibly by another process or before a restart: work paid for in
   * advance that never ran. Units of a day that has ended are not given back (that counter has reset).
   */
  async refund(accountId: string, surface: PlanSurface, day: string, units: number): Promise<void> {
    if (units <= 0 || day !== utcDay(this.#clock.now())) return;
    await this.#counters.decrement(counterKey(surface, day, accountId), units);
  }

  async snapshot(account: Account, surface: PlanSurface): Promise<UsageSnapshot> {
    const now = this.#clock.now();
    const { planId, limit } = this.#planOf(account, surface);
    const used = await unavailableAs503(() => this.#counters.get(counterKey(surface, utcDay(now), account.id)));
    return snapshotOf(planId, limit, used, nextUtcMidnight(now));
  }

  #planOf(account: Account, surface: PlanSurface): { planId: string; limit: number | null } {
    const { planId, plan } = this.#plans.planOf(account, surface);
    // null is an unlimited plan; a plan missing altogether (impossible after validation) allows nothing.
    return { planId, limit: plan === undefined ? 0 : plan.dailyLimit };
  }
}

/** `usage:<surface>:<YYYY-MM-DD>:<account>`: one counter per account, surface and UTC day. */
export function counterKey(surface: PlanSurface, day: string, accountId: string): string {
  return `usage:${surface}:${day}:${accountId}`;
}

/** A counter store that does not answer makes limits unknowable: the request is refused with 503, not run. */
export async function unavailableAs503<Result>(operation: () => Promise<Result>): Promise<Result> {
  try {
    return await operation();
  } catch (error) {
    throw new AppError('overloaded', 'Usage counting is unavailable right now; retry shortly', {}, { retryAfterSeconds: 5, cause: error });
  }
}

function snapshotOf(plan: string, limit: number | null, used: number, resetAt: Date): UsageSnapshot {
  return { plan, limit, used, remaining: limit === null ? null : Math.max(0, limit - used), resetAt, windowSeconds: 86_400 };
}
