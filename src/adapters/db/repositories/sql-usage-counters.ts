import type { Kysely } from 'kysely';
import type { IncrementResult, UsageCounters } from '../../../ports/usage-counters.ts';
import type { DatabaseSchema } from '../database-schema.ts';
import { QueryTemplate } from '../query-template.ts';

/**
 * Counters in the database, raised with one `INSERT … ON CONFLICT DO UPDATE … WHERE count + n <= limit
 * RETURNING count`: the row lock (PostgreSQL) or the single writer (SQLite) makes it atomic, so concurrent
 * requests can never pass the limit together.
 */
export class SqlUsageCounters implements UsageCounters {
  readonly #db: Kysely<DatabaseSchema>;
  /** Every counted request runs one of these; compiled once (see QueryTemplate). */
  readonly #increment: { limited: QueryTemplate<{ count: number }>; unlimited: QueryTemplate<{ count: number }> };

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
    const increment = (limited: boolean) =>
      new QueryTemplate(db, (slot) =>
        db
          .insertInto('usage_counters')
          .values({ key: slot('key'), count: slot('units'), expires_at: slot('expiresAt') })
          .onConflict((conflict) => {
            const update = conflict.column('key').doUpdateSet((expression) => ({
              count: expression('usage_counters.count', '+', expression.ref('excluded.count')),
              expires_at: expression.ref('excluded.expires_at'),
            }));
            return limited
              ? update.where((expression) => expression(expression('usage_counters.count', '+', expression.ref('excluded.count')), '<=', slot('limit')))
              : update;
          })
          .returning('count'),
      );
    this.#increment = { limited: increment(true), unlimited: increment(false) };
  }

  async tryIncrement(key: string, units: number, limit: number | null, expiresAt: Date, _now: Date): Promise<IncrementResult> {
    if (limit !== null && units > limit) return { accepted: false, count: await this.get(key) };
    const values = { key, units, limit, expiresAt: expiresAt.toISOString() };
    const { rows } = await (limit === null ? this.#increment.unlimited : this.#increment.limited).execute(values);
    const row = rows[0];
    if (row) return { accepted: true, count: Number(row.count) };
    return { accepted: false, count: await this.get(key) };
  }

  async decrement(key: string, units: number): Promise<number> {
    const row = await this.#db
      .updateTable('usage_counters')
      // CASE rather than max()/greatest(): the same SQL on SQLite and PostgreSQL.
      .set((expression) => ({
        count: expression.case().when(expression('count', '-', units), '<', 0).then(0).else(expression('count', '-', units)).end(),
      }))
      .where('key', '=', key)
      .returning('count')
      .executeTakeFirst();
    return row ? Number(row.count) : 0;
  }

  async get(key: string): Promise<number> {
    const row = await this.#db.selectFrom('usage_counters').select('count').where('key', '=', key).executeTakeFirst();
    return row ? Number(row.count) : 0;
  }

  /** Housekeeping: counters of days that have ended. */
  async purgeExpired(now: Date): Promise<number> {
    const result = await this.#db.deleteFrom('usage_counters').where('expires_at', '<', now.toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
