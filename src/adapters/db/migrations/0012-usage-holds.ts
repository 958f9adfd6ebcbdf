import type { Kysely } from 'kysely';

// Frozen: a migration describes the schema as it was when written; later changes get new files.
// Quota units counted for work still in progress. A hold is settled in the transaction that records the
// work (or given back when the work does not happen); one whose process died expires and is given back.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('usage_holds')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('counter_key', 'text', (column) => column.notNull())
    .addColumn('units', 'integer', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('usage_holds_expires').on('usage_holds').column('expires_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('usage_holds').execute();
}
