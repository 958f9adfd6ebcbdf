import type { Kysely } from 'kysely';

// Frozen: a migration describes the schema as it was when written; later changes get new files.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export async function up(db: Kysely<any>): Promise<void> {
  // One row per key an account has used: the primary key is what makes a claim atomic.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('account_id', 'text', (column) => column.notNull().references('accounts.id'))
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('fingerprint', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_headers', 'text')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'key'])
    .execute();
  // Housekeeping deletes by expiry.
  await db.schema.createIndex('idempotency_keys_expires_at').on('idempotency_keys').column('expires_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
