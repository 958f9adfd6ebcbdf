import type { Kysely, Selectable } from 'kysely';
import type { WebhookSecretRecord, WebhookSecretRepository } from '../../../ports/webhook-secret-repository.ts';
import type { DatabaseSchema, WebhookSecretsTable } from '../database-schema.ts';

export class KyselyWebhookSecretRepository implements WebhookSecretRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async find(accountId: string): Promise<WebhookSecretRecord | undefined> {
    const row = await this.#db.selectFrom('webhook_secrets').selectAll().where('account_id', '=', accountId).executeTakeFirst();
    return row && toRecord(row);
  }

  async save(record: WebhookSecretRecord): Promise<void> {
    const columns = { ciphertext: record.ciphertext, created_at: record.createdAt, rotated_at: record.rotatedAt };
    await this.#db
      .insertInto('webhook_secrets')
      .values({ account_id: record.accountId, ...columns })
      .onConflict((conflict) => conflict.column('account_id').doUpdateSet(columns))
      .execute();
  }
}

function toRecord(row: Selectable<WebhookSecretsTable>): WebhookSecretRecord {
  return { accountId: row.account_id, ciphertext: row.ciphertext, createdAt: row.created_at, rotatedAt: row.rotated_at };
}
