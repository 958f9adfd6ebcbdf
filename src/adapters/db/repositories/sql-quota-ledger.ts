import { sql, type Kysely, type Transaction } from 'kysely';
import type { HoldResult, QuotaHold, QuotaLedger } from '../../../ports/quota-ledger.ts';
import type { DatabaseSchema } from '../database-schema.ts';
import type { DialectName } from '../open-database.ts';
import { QueryTemplate } from '../query-template.ts';
import { giveBack } from './quota-holds.ts';
import { QuotaHoldBatcher } from './quota-hold-batch.ts';
import { SqliteHoldTransaction } from './sqlite-hold-transaction.ts';

type Slot = (name: string) => never;

const extendSlice = 500;

/**
 * Counters and their holds in the database that records the work, so that the record and the settling of
 * its hold are one transaction: a counter is exact whatever process dies or store goes away. A hold raises
 * its counter with `INSERT … ON CONFLICT DO UPDATE … WHERE count + n <= limit RETURNING count` (the row
 * lock on PostgreSQL, the single writer on SQLite, make concurrent holds stop exactly at the limit) and
 * stores the hold only if the counter was raised: one statement on PostgreSQL; on SQLite two, in the transaction
 * the holds of one turn of the event loop share.
 */
export class SqlQuotaLedger implements QuotaLedger {
  readonly #db: Kysely<DatabaseSchema>;
  readonly #dialect: DialectName;
  /** Every counted request runs one of these; compiled once (see QueryTemplate). */
  readonly #raise: { limited: QueryTemplate<{ count: number }>; unlimited: QueryTemplate<{ count: number }> };
  readonly #store: QueryTemplate<unknown>;
  /**
   * The holds of one turn of the event loop: on PostgreSQL those of one counter share a statement; on SQLite
   * all of them share a transaction.
   */
  readonly #batcher: Pick<QuotaHoldBatcher, 'hold'>;

  constructor(db: Kysely<DatabaseSchema>, dialect: DialectName) {
    this.#db = db;
    this.#dialect = dialect;
    const raise = (limited: boolean) => (dialect === 'postgres' ? raiseAndStoreStatement(db, limited) : new QueryTemplate(db, (slot) => raiseStatement(db, slot, limited)));
    this.#raise = { limited: raise(true), unlimited: raise(false) };
    this.#store = new QueryTemplate(db, (slot) =>
      db.insertInto('usage_holds').values({ id: slot('id'), counter_key: slot('key'), units: slot('units'), expires_at: slot('holdExpiresAt') }),
    );
    this.#batcher =
      dialect === 'postgres'
        ? new QuotaHoldBatcher(db, (hold, limit, times) => this.#holdAlone(hold, limit, times))
        : new SqliteHoldTransaction(db, (transaction, hold, limit, times) => this.#holdWithin(transaction, hold, limit, times));
  }

  async hold(hold: QuotaHold, limit: number | null, times: { holdExpiresAt: Date; counterExpiresAt: Date }): Promise<HoldResult> {
    if (limit !== null && hold.units > limit) return { accepted: false, count: await this.get(hold.counterKey) };
    return this.#batcher.hold(hold, limit, times);
  }

  /** PostgreSQL: one statement raises the counter and stores the hold. */
  async #holdAlone(hold: QuotaHold, limit: number | null, times: { holdExpiresAt: Date; counterExpiresAt: Date }): Promise<HoldResult> {
    const raised = (await (limit === null ? this.#raise.unlimited : this.#raise.limited).execute(holdValues(hold, limit, times))).rows;
    return this.#resultOf(hold, raised, this.#db);
  }

  /** SQLite, inside the transaction of the holds that arrived with it: the raise, then the hold stored if raised. */
  async #holdWithin(transaction: Transaction<DatabaseSchema>, hold: QuotaHold, limit: number | null, times: { holdExpiresAt: Date; counterExpiresAt: Date }): Promise<HoldResult> {
    const values = holdValues(hold, limit, times);
    const raised = (await (limit === null ? this.#raise.unlimited : this.#raise.limited).execute(values, transaction)).rows;
    if (raised.length > 0) await this.#store.execute(values, transaction);
    return this.#resultOf(hold, raised, transaction);
  }

  async #resultOf(hold: QuotaHold, raised: readonly { count: number }[], reader: Kysely<DatabaseSchema>): Promise<HoldResult> {
    const row = raised[0];
    if (row) return { accepted: true, count: Number(row.count) };
    return { accepted: false, count: await this.#countOf(reader, hold.counterKey) };
  }

  async release(holdId: string): Promise<void> {
    await this.#db.transaction().execute(async (transaction) => {
      const ended = await transaction.deleteFrom('usage_holds').where('id', '=', holdId).returning(['counter_key', 'units']).execute();
      await giveBack(transaction, ended);
    });
  }

  async extend(holdIds: readonly string[], holdExpiresAt: Date): Promise<void> {
    // In slices: well under every database's limit on bound parameters, however many requests are running.
    for (let start = 0; start < holdIds.length; start += extendSlice) {
      const slice = holdIds.slice(start, start + extendSlice);
      await this.#db.updateTable('usage_holds').set({ expires_at: holdExpiresAt.toISOString() }).where('id', 'in', slice).execute();
    }
  }

  async reclaimExpired(now: Date): Promise<number> {
    return this.#db.transaction().execute(async (transaction) => {
      const ended = await transaction.deleteFrom('usage_holds').where('expires_at', '<', now.toISOString()).returning(['counter_key', 'units']).execute();
      await giveBack(transaction, ended);
      return ended.length;
    });
  }

  async get(counterKey: string): Promise<number> {
    return this.#countOf(this.#db, counterKey);
  }

  async #countOf(reader: Kysely<DatabaseSchema>, counterKey: string): Promise<number> {
    const row = await reader.selectFrom('usage_counters').select('count').where('key', '=', counterKey).executeTakeFirst();
    return row ? Number(row.count) : 0;
  }

  async purgeExpired(now: Date): Promise<number> {
    const result = await this.#db.deleteFrom('usage_counters').where('expires_at', '<', now.toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

function holdValues(hold: QuotaHold, limit: number | null, times: { holdExpiresAt: Date; counterExpiresAt: Date }) {
  return { id: hold.id, key: hold.counterKey, units: hold.units, limit, expiresAt: times.counterExpiresAt.toISOString(), holdExpiresAt: times.holdExpiresAt.toISOString() };
}

/** Raises the counter by `units` (up to `limit` when limited) and returns its new value; no row when refused. */
function raiseStatement(db: Kysely<DatabaseSchema>, slot: Slot, limited: boolean) {
  return db
    .insertInto('usage_counters')
    .values({ key: slot('key'), count: slot('units'), expires_at: slot('expiresAt') })
    .onConflict((conflict) => {
      const update = conflict.column('key').doUpdateSet((eb) => ({
        count: eb('usage_counters.count', '+', eb.ref('excluded.count')),
        expires_at: eb.ref('excluded.expires_at'),
      }));
      return limited ? update.where((eb) => eb(eb('usage_counters.count', '+', eb.ref('excluded.count')), '<=', slot('limit'))) : update;
    })
    .returning('count');
}

/**
 * PostgreSQL: the raise, and the hold stored only when the raise returned a row, in one statement, committed
 * without waiting for the WAL flush (`set_config('synchronous_commit', 'off', true)` lasts for this statement's
 * own transaction). Every request of an account raises the same counter row, and its lock is held until
 * commit: waiting for the disk there would let through one request per flush. A hold lost with the database
 * server is counted again when its run is recorded (see decisions/0047).
 */
function raiseAndStoreStatement(db: Kysely<DatabaseSchema>, limited: boolean): QueryTemplate<{ count: number }> {
  return new QueryTemplate(db, (slot) =>
    db
      .with('commit_without_flush', (qb) => qb.selectNoFrom(sql<string>`set_config('synchronous_commit', 'off', true)`.as('setting')))
      .with('raised', () => raiseStatement(db, slot, limited))
      .with('stored', (qb) =>
        qb
          .insertInto('usage_holds')
          .columns(['id', 'counter_key', 'units', 'expires_at'])
          // Typed casts: PostgreSQL cannot infer a parameter's type from a select list.
          .expression((eb) =>
            eb
              .selectFrom('raised')
              .select([
                sql<string>`cast(${slot('id')} as text)`.as('id'),
                sql<string>`cast(${slot('key')} as text)`.as('counter_key'),
                sql<number>`cast(${slot('units')} as integer)`.as('units'),
                sql<string>`cast(${slot('holdExpiresAt')} as text)`.as('expires_at'),
              ]),
          ),
      )
      // Joined so that the setting is evaluated; it is one row.
      .selectFrom(['raised', 'commit_without_flush'])
      .select('raised.count'),
  );
}
