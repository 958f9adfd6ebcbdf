/** How long identical warnings and errors are counted instead of logged, from the one that was logged. */
export const repeatWindowMs = 60_000;

/** The most distinct messages remembered; past it the oldest are forgotten (and would be logged again). */
const maxRemembered = 1000;

interface Seen {
  /** When the message was last logged. */
  loggedAt: number;
  /** Occurrences since then, not logged. */
  suppressed: number;
}

/**
 * Decides which warnings and errors reach the log when the same one recurs (an unmigrated database looked
 * at every second, an unreachable Redis, a reclaimer that cannot reach the database): the first is logged,
 * the ones within the next minute are only counted, and the first after that minute is logged with how many
 * were left out. Messages are told apart by their text and their error's message.
 */
export class RepeatedMessages {
  readonly #seen = new Map<string, Seen>();
  readonly #now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /** Null: leave this one out. Otherwise log it, with how many identical ones were left out since the last. */
  admit(key: string): { repeated: number } | null {
    const now = this.#now();
    const seen = this.#seen.get(key);
    if (seen && now - seen.loggedAt < repeatWindowMs) {
      seen.suppressed += 1;
      return null;
    }
    const repeated = seen?.suppressed ?? 0;
    this.#seen.delete(key);
    this.#seen.set(key, { loggedAt: now, suppressed: 0 });
    if (this.#seen.size > maxRemembered) this.#seen.delete(this.#seen.keys().next().value as string);
    return { repeated };
  }
}

/** The suffix a message logged after repeats gets. */
export function repeatSuffix(repeated: number): string {
  return repeated === 0 ? '' : ` (repeated ${repeated} time${repeated === 1 ? '' : 's'} in the last minute)`;
}
