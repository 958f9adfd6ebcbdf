import type { Kysely } from 'kysely';

// Frozen: a migration describes the schema as it was when written; later changes get new files.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('api_plan', 'text', (column) => column.notNull())
    .addColumn('v1_plan', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('prefix', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) => column.notNull().references('accounts.id'))
    .addColumn('hash', 'text', (column) => column.notNull())
    .addColumn('name', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_account_id').on('api_keys').column('account_id').execute();

  await db.schema
    .createTable('runs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text')
    .addColumn('surface', 'text', (column) => column.notNull())
    .addColumn('agent', 'text', (column) => column.notNull())
    .addColumn('model', 'text')
    .addColumn('provider', 'text')
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('error_code', 'text')
    .addColumn('latency_ms', 'double precision', (column) => column.notNull())
    .addColumn('input_tokens', 'integer', (column) => column.notNull())
    .addColumn('output_tokens', 'integer', (column) => column.notNull())
    .addColumn('cost_usd', 'double precision', (column) => column.notNull())
    .addColumn('output', 'text')
    .addColumn('request_id', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('runs_account_created').on('runs').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('runs_created').on('runs').column('created_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('runs').execute();
  await db.schema.dropTable('api_keys').execute();
  await db.schema.dropTable('accounts').execute();
}
