import type { Clock } from '../../ports/clock.ts';
import type { QuotaLedger } from '../../ports/quota-ledger.ts';

/**
 * Keeps this process's holds alive while their work goes on: every third of the hold time, their expiry is
 * moved on in one write. A process that dies or stops keeps nothing alive, so its holds expire within one
 * hold time and are given back (QuotaLedger.reclaimExpired). A write that fails is not retried: a hold that
 * expires under running work costs nothing, since the record of the work counts what it kept again.
 */
export class HoldKeeper {
  readonly #ledger: QuotaLedger;
  readonly #clock: Clock;
  readonly #holdMs: number;
  readonly #live = new Set<string>();
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(dependencies: { ledger: QuotaLedger; clock: Clock; holdMs: number }) {
    this.#ledger = dependencies.ledger;
    this.#clock = dependencies.clock;
    this.#holdMs = dependencies.holdMs;
  }

  /** When a hold taken now expires. */
  expiryFromNow(): Date {
    return new Date(this.#clock.now().getTime() + this.#holdMs);
  }

  track(holdId: string): void {
    this.#live.add(holdId);
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.#extend(), Math.max(100, Math.floor(this.#holdMs / 3)));
    this.#timer.unref();
  }

  forget(holdId: string): void {
    this.#live.delete(holdId);
    if (this.#live.size > 0 || !this.#timer) return;
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  async #extend(): Promise<void> {
    await this.#ledger.extend([...this.#live], this.expiryFromNow()).catch(() => undefined);
  }
}
