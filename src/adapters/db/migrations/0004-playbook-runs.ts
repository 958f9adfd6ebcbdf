import type { Kysely } from 'kysely';

// Frozen: a migration describes the schema as it was when written; later changes get new files.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('playbook_runs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) => column.notNull())
    .addColumn('playbook_id', 'text', (column) => column.notNull())
    .addColumn('playbook_name', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('inputs', 'text', (column) => column.notNull())
    .addColumn('request_id', 'text')
    .addColumn('units_reserved', 'integer', (column) => column.notNull())
    .addColumn('units_refunded', 'integer', (column) => column.notNull())
    .addColumn('quota_day', 'text', (column) => column.notNull())
    .addColumn('error', 'text')
    .addColumn('event_count', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('started_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('playbook_runs_account_created').on('playbook_runs').columns(['account_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('playbook_runs_status_updated').on('playbook_runs').columns(['status', 'updated_at']).execute();

  await db.schema
    .createTable('playbook_steps')
    .addColumn('run_id', 'text', (column) => column.notNull().references('playbook_runs.id').onDelete('cascade'))
    .addColumn('step_index', 'integer', (column) => column.notNull())
    .addColumn('agent', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('optional', 'integer', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('model', 'text')
    .addColumn('agent_run_id', 'text')
    .addColumn('attempts', 'integer', (column) => column.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('duration_ms', 'double precision')
    .addColumn('started_at', 'text')
    .addColumn('completed_at', 'text')
    .addPrimaryKeyConstraint('playbook_steps_pk', ['run_id', 'step_index'])
    .execute();

  await db.schema
    .createTable('playbook_events')
    .addColumn('run_id', 'text', (column) => column.notNull().references('playbook_runs.id').onDelete('cascade'))
    .addColumn('sequence', 'integer', (column) => column.notNull())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('data', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('playbook_events_pk', ['run_id', 'sequence'])
    .execute();

  // One row per account: how many of its runs are `running`, raised and lowered with the runs' status.
  await db.schema
    .createTable('playbook_slots')
    .addColumn('account_id', 'text', (column) => column.primaryKey())
    .addColumn('active', 'integer', (column) => column.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('playbook_slots').execute();
  await db.schema.dropTable('playbook_events').execute();
  await db.schema.dropTable('playbook_steps').execute();
  await db.schema.dropTable('playbook_runs').execute();
}
