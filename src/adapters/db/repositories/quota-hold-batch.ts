import { sql, type Kysely } from 'kysely';
import type { HoldResult, QuotaHold } from '../../../ports/quota-ledger.ts';
import type { DatabaseSchema } from '../database-schema.ts';

export interface PendingHold {
  hold: QuotaHold;
  limit: number | null;
  times: { holdExpiresAt: Date; counterExpiresAt: Date };
  resolve: (result: HoldResult) => void;
  reject: (error: unknown) => void;
}

/** Holds one at a time, as the ledger makes them without batching. */
export type HoldOne = (hold: QuotaHold, limit: number | null, times: PendingHold['times']) => Promise<HoldResult>;

/**
 * PostgreSQL: the holds on one counter that arrive in one turn of the event loop are made by one statement
 * when all of them fit under the limit: the counter is raised by their sum (under its row lock, as a single
 * hold is) and every hold is stored, so a burst of one account's requests costs one round trip instead of one
 * each. When they do not all fit (the counter is near its limit), each is held on its own, in arrival order,
 * so the limit is reached exactly as before.
 */
export class QuotaHoldBatcher {
  readonly #db: Kysely<DatabaseSchema>;
  readonly #holdOne: HoldOne;
  #pending = new Map<string, PendingHold[]>();
  #scheduled = false;

  constructor(db: Kysely<DatabaseSchema>, holdOne: HoldOne) {
    this.#db = db;
    this.#holdOne = holdOne;
  }

  hold(hold: QuotaHold, limit: number | null, times: PendingHold['times']): Promise<HoldResult> {
    return new Promise((resolve, reject) => {
      const group = `${limit ?? ''}\u0000${hold.counterKey}`;
      const pending = this.#pending.get(group);
      const entry = { hold, limit, times, resolve, reject };
      if (pending) pending.push(entry);
      else this.#pending.set(group, [entry]);
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => this.#flush());
      }
    });
  }

  #flush(): void {
    const groups = [...this.#pending.values()];
    this.#pending = new Map();
    this.#scheduled = false;
    for (const group of groups) void this.#holdGroup(group);
  }

  async #holdGroup(group: PendingHold[]): Promise<void> {
    if (group.length > 1) {
      try {
        const counts = await this.#holdAll(group);
        if (counts) {
          group.forEach((entry, index) => entry.resolve({ accepted: true, count: counts[index] ?? 0 }));
          return;
        }
      } catch (error) {
        for (const entry of group) entry.reject(error);
        return;
      }
    }
    for (const entry of group) await this.#holdOne(entry.hold, entry.limit, entry.times).then(entry.resolve, entry.reject);
  }

  /** The counter's value after each hold of the group, or undefined when they do not all fit. */
  async #holdAll(group: PendingHold[]): Promise<number[] | undefined> {
    const [first] = group;
    if (!first) return [];
    const sum = group.reduce((total, entry) => total + entry.hold.units, 0);
    // A counter written anew takes the sum without the limit's check: only a sum that fits may be written so.
    if (first.limit !== null && sum > first.limit) return undefined;
    const holds = JSON.stringify(group.map((entry) => ({ id: entry.hold.id, units: entry.hold.units, expires_at: entry.times.holdExpiresAt.toISOString() })));
    const counterExpiresAt = first.times.counterExpiresAt.toISOString();
    const result = await sql<{ count: number }>`
      with commit_without_flush as (select set_config('synchronous_commit', 'off', true) as setting),
      raised as (
        insert into usage_counters (key, count, expires_at) values (${first.hold.counterKey}, ${sum}, ${counterExpiresAt})
        on conflict (key) do update set count = usage_counters.count + excluded.count, expires_at = excluded.expires_at
        where cast(${first.limit} as integer) is null or usage_counters.count + excluded.count <= cast(${first.limit} as integer)
        returning count
      ),
      stored as (
        insert into usage_holds (id, counter_key, units, expires_at)
        select holds.id, cast(${first.hold.counterKey} as text), holds.units, holds.expires_at
        from raised, json_to_recordset(cast(${holds} as json)) as holds(id text, units integer, expires_at text)
      )
      select raised.count from raised, commit_without_flush`.execute(this.#db);
    const row = result.rows[0];
    if (!row) return undefined;
    // Counted in arrival order: each hold's count is the total less what the later ones added.
    let after = Number(row.count);
    const counts: number[] = new Array<number>(group.length);
    for (let index = group.length - 1; index >= 0; index -= 1) {
      counts[index] = after;
      after -= group[index]?.hold.units ?? 0;
    }
    return counts;
  }
}
