import type { Kysely } from 'kysely';

// Frozen: a migration describes the schema as it was when written; later changes get new files.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export async function up(db: Kysely<any>): Promise<void> {
  // One secret per account: rotating replaces the row, so the account id is the key.
  await db.schema
    .createTable('webhook_secrets')
    .addColumn('account_id', 'text', (column) => column.primaryKey().references('accounts.id'))
    .addColumn('ciphertext', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('rotated_at', 'text')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_secrets').execute();
}
