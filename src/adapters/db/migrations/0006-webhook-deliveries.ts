import type { Kysely } from 'kysely';

// Frozen: a migration describes the schema as it was when written; later changes get new files.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) => column.notNull())
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('event_type', 'text', (column) => column.notNull())
    .addColumn('payload', 'text', (column) => column.notNull())
    .addColumn('run_id', 'text')
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('attempt_count', 'integer', (column) => column.notNull())
    .addColumn('next_attempt_at', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('webhook_deliveries_account_created').on('webhook_deliveries').columns(['account_id', 'created_at', 'id']).execute();
  // The senders' question, every poll: which pending messages are due.
  await db.schema.createIndex('webhook_deliveries_status_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('webhook_delivery_attempts')
    .addColumn('delivery_id', 'text', (column) => column.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('attempt', 'integer', (column) => column.notNull())
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('status', 'integer')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'double precision', (column) => column.notNull())
    .addColumn('outcome', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('webhook_delivery_attempts_pk', ['delivery_id', 'attempt'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_delivery_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
}
