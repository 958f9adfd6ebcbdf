import type { RunRecordability } from '../../ports/run-recordability.ts';
import { databaseTimeouts } from './database-timeouts.ts';

/**
 * What the database adapter last learnt of the database: every statement that answered or failed for want
 * of the database tells it. A run may be recorded when the latest outcome, at most `knownForMs` old, was an
 * answer; older than that, the database is asked afresh (one question shared by every caller meanwhile).
 */
export class DatabaseAvailability implements RunRecordability {
  readonly #ask: () => Promise<unknown>;
  readonly #knownForMs: number;
  readonly #now: () => number;
  #latest: { at: number; answered: boolean; timedOut?: boolean } | undefined;
  #asking: Promise<boolean> | undefined;

  constructor(dependencies: { ask: () => Promise<unknown>; knownForMs?: number; now?: () => number }) {
    this.#ask = dependencies.ask;
    this.#knownForMs = dependencies.knownForMs ?? databaseTimeouts.knownForMs;
    this.#now = dependencies.now ?? (() => performance.now());
  }

  answered(): void {
    this.#latest = { at: this.#now(), answered: true };
  }

  failed(): void {
    this.#latest = { at: this.#now(), answered: false };
  }

  /** A statement or a connect waited out its time limit: the database is not answering at all. */
  timedOut(): void {
    this.#latest = { at: this.#now(), answered: false, timedOut: true };
  }

  /**
   * Whether a new connection should fail at once instead of waiting: the latest outcome, at most
   * `knownForMs` old, was a time limit running out. Within that time every request would wait as long
   * again for the same silence; a refusal that came at once is cheap to meet again, so it does not count.
   * Refusing does not renew the knowledge: a second after the last wait, the database is tried again.
   */
  knownSilent(): boolean {
    const latest = this.#latest;
    return latest?.timedOut === true && this.#now() - latest.at <= this.#knownForMs;
  }

  /** Whether the latest outcome, at most `knownForMs` old, was an answer. */
  answeredRecently(): boolean {
    const latest = this.#latest;
    return latest?.answered === true && this.#now() - latest.at <= this.#knownForMs;
  }

  recordable(): Promise<boolean> {
    const latest = this.#latest;
    if (latest && this.#now() - latest.at <= this.#knownForMs) return Promise.resolve(latest.answered);
    this.#asking ??= this.#ask()
      .then(() => true, () => false)
      .finally(() => {
        this.#asking = undefined;
      });
    return this.#asking;
  }
}
