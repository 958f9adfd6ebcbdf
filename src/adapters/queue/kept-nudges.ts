import type { StepNudge } from '../../ports/playbook-run-repository.ts';

/**
 * Nudges a queue could not send (its server refused or was unreachable), kept in memory to be sent again
 * once it answers: one per key, in the order they first failed, at most `limit`. Past the limit the oldest is
 * dropped; the sweep still finds its run.
 */
export class KeptNudges {
  readonly #limit: number;
  readonly #nudges = new Map<string, StepNudge>();

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`The limit must be a positive integer, got ${limit}.`);
    this.#limit = limit;
  }

  get size(): number {
    return this.#nudges.size;
  }

  /** Keeps the nudge; returns the one dropped to make room, if any. */
  keep(key: string, nudge: StepNudge): StepNudge | undefined {
    if (this.#nudges.has(key)) return undefined;
    let dropped: StepNudge | undefined;
    if (this.#nudges.size >= this.#limit) {
      const [oldestKey, oldest] = this.#nudges.entries().next().value as [string, StepNudge];
      this.#nudges.delete(oldestKey);
      dropped = oldest;
    }
    this.#nudges.set(key, nudge);
    return dropped;
  }

  /** Sends the kept nudges oldest first, each removed once sent; stops at the first that fails again. */
  async resend(send: (nudge: StepNudge) => Promise<void>): Promise<number> {
    let sent = 0;
    for (const [key, nudge] of [...this.#nudges]) {
      await send(nudge);
      this.#nudges.delete(key);
      sent += 1;
    }
    return sent;
  }
}
