import type { Kysely, Transaction } from 'kysely';
import type { HoldResult, QuotaHold } from '../../../ports/quota-ledger.ts';
import type { DatabaseSchema } from '../database-schema.ts';
import type { PendingHold } from './quota-hold-batch.ts';

/** One hold's statements inside a transaction that is already open: the raise, and the hold stored if raised. */
export type HoldWithin = (transaction: Transaction<DatabaseSchema>, hold: QuotaHold, limit: number | null, times: PendingHold['times']) => Promise<HoldResult>;

/**
 * SQLite: the holds that arrive in one turn of the event loop share one transaction, each raised and stored
 * by its own statements in arrival order, as if alone. SQLite has one writer, so the counts and the limit are
 * exactly those of holds made one after another; what the group saves is a commit (a write to the WAL) per
 * hold, the largest part of a hold's cost. A transaction that fails fails every hold of its group, each
 * caller getting the error as it would have for its own.
 */
export class SqliteHoldTransaction {
  readonly #db: Kysely<DatabaseSchema>;
  readonly #holdWithin: HoldWithin;
  #pending: PendingHold[] = [];

  constructor(db: Kysely<DatabaseSchema>, holdWithin: HoldWithin) {
    this.#db = db;
    this.#holdWithin = holdWithin;
  }

  hold(hold: QuotaHold, limit: number | null, times: PendingHold['times']): Promise<HoldResult> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ hold, limit, times, resolve, reject });
      if (this.#pending.length === 1) setImmediate(() => void this.#flush());
    });
  }

  async #flush(): Promise<void> {
    const group = this.#pending;
    this.#pending = [];
    let results: HoldResult[];
    try {
      results = await this.#db.transaction().execute(async (transaction) => {
        const held: HoldResult[] = [];
        for (const entry of group) held.push(await this.#holdWithin(transaction, entry.hold, entry.limit, entry.times));
        return held;
      });
    } catch (error) {
      for (const entry of group) entry.reject(error);
      return;
    }
    group.forEach((entry, index) => entry.resolve(results[index] as HoldResult));
  }
}
