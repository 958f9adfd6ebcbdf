import type { Kysely, Selectable } from 'kysely';
import type { ApiKeyRecord, ApiKeyRepository } from '../../../ports/api-key-repository.ts';
import type { ApiKeysTable, DatabaseSchema } from '../database-schema.ts';

export class KyselyApiKeyRepository implements ApiKeyRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async insert(record: ApiKeyRecord): Promise<void> {
    await this.#db
      .insertInto('api_keys')
      .values({
        prefix: record.prefix,
        account_id: record.accountId,
        hash: record.hash,
        name: record.name,
        created_at: record.createdAt,
        revoked_at: record.revokedAt,
        last_used_at: record.lastUsedAt,
      })
      .execute();
  }

  async findByPrefix(prefix: string): Promise<ApiKeyRecord | undefined> {
    const row = await this.#db.selectFrom('api_keys').selectAll().where('prefix', '=', prefix).executeTakeFirst();
    return row && toRecord(row);
  }

  async list(filter: { accountId?: string }): Promise<ApiKeyRecord[]> {
    let query = this.#db.selectFrom('api_keys').selectAll().orderBy('created_at', 'desc').orderBy('prefix');
    if (filter.accountId !== undefined) query = query.where('account_id', '=', filter.accountId);
    const rows = await query.execute();
    return rows.map(toRecord);
  }

  async revoke(prefix: string, revokedAt: string): Promise<boolean> {
    const result = await this.#db
      .updateTable('api_keys')
      .set({ revoked_at: revokedAt })
      .where('prefix', '=', prefix)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async touch(prefix: string, usedAt: string): Promise<void> {
    await this.#db.updateTable('api_keys').set({ last_used_at: usedAt }).where('prefix', '=', prefix).execute();
  }
}

function toRecord(row: Selectable<ApiKeysTable>): ApiKeyRecord {
  return {
    prefix: row.prefix,
    accountId: row.account_id,
    hash: row.hash,
    name: row.name,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
  };
}
