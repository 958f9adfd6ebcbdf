import type { Expression, ExpressionBuilder, Kysely, Selectable, SqlBool } from 'kysely';
import type { IdempotencyClaim, IdempotencyStore, StoredResponse } from '../../../ports/idempotency-store.ts';
import type { DatabaseSchema, IdempotencyKeysTable } from '../database-schema.ts';

type KeyRow = Selectable<IdempotencyKeysTable>;
type ClaimRequest = Parameters<IdempotencyStore['claim']>[0];

/** Insert, then (when a finished or abandoned record is in the way) delete it and insert again. */
const maxInsertAttempts = 3;

/**
 * Idempotency keys in SQL, the same statements on SQLite and PostgreSQL. A claim is an
 * `INSERT … ON CONFLICT DO NOTHING` on the (account, key) primary key, so of concurrent claims exactly one
 * inserts; the others read the row that won. A record that may be replaced is deleted only by a statement
 * that re-checks, on that exact row, that it still may be: a claim that replaced it a moment earlier is
 * never deleted by a slower one.
 */
export class KyselyIdempotencyStore implements IdempotencyStore {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async claim(request: ClaimRequest): Promise<IdempotencyClaim> {
    for (let attempt = 1; attempt <= maxInsertAttempts; attempt += 1) {
      if (await this.#insert(request)) return { outcome: 'started' };
      const row = await this.#find(request.accountId, request.key);
      // Released or purged between the two statements: the key is free again.
      if (!row) continue;
      if (replaceable(row, request)) {
        await this.#deleteIfReplaceable(row, request);
        continue;
      }
      return outcomeOf(row, request.fingerprint);
    }
    // Other claims kept taking the key between our statements; one of them holds it now.
    return { outcome: 'in_flight' };
  }

  async complete(accountId: string, key: string, response: StoredResponse): Promise<void> {
    await this.#db
      .updateTable('idempotency_keys')
      .set({
        status: 'completed',
        response_status: response.statusCode,
        response_headers: JSON.stringify(response.headers),
        response_body: response.body,
      })
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .where('status', '=', 'in_flight')
      .execute();
  }

  async release(accountId: string, key: string): Promise<void> {
    await this.#db.deleteFrom('idempotency_keys').where('account_id', '=', accountId).where('key', '=', key).where('status', '=', 'in_flight').execute();
  }

  async purgeExpired(now: string): Promise<number> {
    const result = await this.#db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async #insert(request: ClaimRequest): Promise<boolean> {
    const inserted = await this.#db
      .insertInto('idempotency_keys')
      .values({
        account_id: request.accountId,
        key: request.key,
        fingerprint: request.fingerprint,
        status: 'in_flight',
        response_status: null,
        response_headers: null,
        response_body: null,
        created_at: request.now,
        expires_at: request.expiresAt,
      })
      .onConflict((conflict) => conflict.columns(['account_id', 'key']).doNothing())
      .returning('account_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  #find(accountId: string, key: string): Promise<KeyRow | undefined> {
    return this.#db.selectFrom('idempotency_keys').selectAll().where('account_id', '=', accountId).where('key', '=', key).executeTakeFirst();
  }

  async #deleteIfReplaceable(row: KeyRow, request: ClaimRequest): Promise<void> {
    await this.#db
      .deleteFrom('idempotency_keys')
      .where('account_id', '=', row.account_id)
      .where('key', '=', row.key)
      .where('created_at', '=', row.created_at)
      .where((eb) => replaceableCondition(eb, request))
      .execute();
  }
}

/** Expired, or in flight since before staleBefore: the request that held it is not coming back. */
function replaceable(row: KeyRow, request: ClaimRequest): boolean {
  return row.expires_at <= request.now || (row.status === 'in_flight' && row.created_at < request.staleBefore);
}

/** The same test as replaceable(), evaluated by the database on the row as it is now. */
function replaceableCondition(eb: ExpressionBuilder<DatabaseSchema, 'idempotency_keys'>, request: ClaimRequest): Expression<SqlBool> {
  return eb.or([eb('expires_at', '<=', request.now), eb.and([eb('status', '=', 'in_flight'), eb('created_at', '<', request.staleBefore)])]);
}

function outcomeOf(row: KeyRow, fingerprint: string): IdempotencyClaim {
  if (row.fingerprint !== fingerprint) return { outcome: 'mismatch' };
  if (row.status !== 'completed') return { outcome: 'in_flight' };
  return {
    outcome: 'completed',
    response: {
      statusCode: Number(row.response_status),
      headers: row.response_headers ? (JSON.parse(row.response_headers) as Record<string, string>) : {},
      body: row.response_body ?? '',
    },
  };
}
