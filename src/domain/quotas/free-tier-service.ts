import type { Clock } from '../../ports/clock.ts';
import type { RollingWindowLimiter } from '../../ports/rolling-window-limiter.ts';
import { noTelemetry, type Telemetry } from '../../ports/telemetry.ts';
import { AppError } from '../errors.ts';
import { unavailableAs503 } from './quota-service.ts';
import type { UsageMeter, UsageSnapshot } from './usage-meter.ts';

export interface FreeTierOptions {
  /** Runs per client in any window (default 3): successful ones, and failed ones that reached outside. */
  limit: number;
  windowSeconds: number;
}

/** Anonymous runs on read-only agents, limited per client address over a rolling window. */
export class FreeTierService {
  readonly #limiter: RollingWindowLimiter;
  readonly #clock: Clock;
  readonly #options: FreeTierOptions;
  readonly #telemetry: Telemetry;

  constructor(dependencies: { limiter: RollingWindowLimiter; clock: Clock; options: FreeTierOptions; telemetry?: Telemetry }) {
    this.#limiter = dependencies.limiter;
    this.#clock = dependencies.clock;
    this.#options = dependencies.options;
    this.#telemetry = dependencies.telemetry ?? noTelemetry;
  }

  /** The meter for one client (its address key, see http/client-address.ts). */
  meterFor(client: string): UsageMeter {
    const key = `free:${client}`;
    const windowMs = this.#options.windowSeconds * 1000;
    const { limit } = this.#options;
    return {
      // Anonymous callers could otherwise have the service fetch for them without limit by making runs fail.
      countsFailuresFrom: 'outbound',
      reserve: async () => {
        const now = this.#clock.now().getTime();
        const result = await unavailableAs503(() => this.#limiter.tryHit(key, limit, windowMs, now));
        const resetAt = new Date(result.oldestExpiresAt ?? now + windowMs);
        const snapshot = this.#snapshotOf(result.count, resetAt);
        if (!result.accepted || result.hitId === null) {
          this.#telemetry.quotaRefused({ surface: 'free', code: 'free_limit_exceeded' });
          const retryAfterSeconds = Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000));
          throw new AppError(
            'free_limit_exceeded',
            `The free tier allows ${limit} runs per ${describeWindow(this.#options.windowSeconds)} from one address; the next one is possible at ${resetAt.toISOString()}. Sign up for an API key to run more.`,
            { usage: { used: result.count, limit, plan: 'anonymous' }, upgradeUrl: '/signup', resetAt: resetAt.toISOString() },
            { retryAfterSeconds },
          );
        }
        const hitId = result.hitId;
        let released = false;
        return {
          snapshot,
          release: async () => {
            if (released) return;
            released = true;
            await this.#limiter.removeHit(key, hitId);
            snapshot.used = Math.max(0, snapshot.used - 1);
            snapshot.remaining = limit - snapshot.used;
          },
        };
      },
      snapshot: async () => {
        const now = this.#clock.now().getTime();
        const used = await unavailableAs503(() => this.#limiter.count(key, windowMs, now));
        return this.#snapshotOf(used, new Date(now + windowMs));
      },
    };
  }

  #snapshotOf(used: number, resetAt: Date): UsageSnapshot {
    const { limit, windowSeconds } = this.#options;
    return { plan: 'anonymous', limit, used, remaining: Math.max(0, limit - used), resetAt, windowSeconds };
  }
}

function describeWindow(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? 'hour' : `${seconds / 3600} hours`;
  if (seconds % 60 === 0) return seconds === 60 ? 'minute' : `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}
