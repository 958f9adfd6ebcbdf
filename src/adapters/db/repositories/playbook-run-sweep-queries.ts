import { sql, type Kysely } from 'kysely';
import type { PlaybookStepStatus, StepNudge } from '../../../ports/playbook-run-repository.ts';
import type { DatabaseSchema } from '../database-schema.ts';

// The sweep's queries: runs that need a worker. Portable SQL, the same on SQLite and PostgreSQL.

/** Steps a run still has to finish. */
export const openStepStatuses: readonly PlaybookStepStatus[] = ['pending', 'running'];

/** The outer run, for subqueries correlated with a query on playbook_runs. */
const outerRunId = sql.ref<string>('playbook_runs.id');

/** See PlaybookRunRepository.findStalled. */
export async function findStalledRuns(db: Kysely<DatabaseSchema>, options: { idleBefore: string; expiringBefore: string; limit: number }): Promise<StepNudge[]> {
  if (options.limit <= 0) return [];
  const idle = sql<boolean>`playbook_runs.updated_at < ${options.idleBefore}`;
  const stalled = await db
    .selectFrom('playbook_runs')
    .select([...nudgeColumns(db), ...headStepColumns(db)])
    .where('status', '=', 'running')
    .where((eb) =>
      eb.or([
        // Every step finished, but the run was not: its process died in between.
        eb.and([idle, eb.not(eb.exists(eb.selectFrom('playbook_steps as open').select('open.step_index').where('open.run_id', '=', outerRunId).where('open.status', 'in', openStepStatuses)))]),
        // The first unfinished step waits for a worker, or its worker stops renewing the lease (it expires
        // before the next sweep: that sweep would be too late). A live worker keeps its lease further ahead.
        eb.exists(
          eb
            .selectFrom('playbook_steps as next')
            .select('next.step_index')
            .where('next.run_id', '=', outerRunId)
            .where('next.step_index', '=', firstOpenStep(db))
            .where((inner) => inner.or([inner.and([idle, inner('next.status', '=', 'pending')]), inner.and([inner('next.status', '=', 'running'), inner('next.lease_expires_at', '<', options.expiringBefore)])])),
        ),
      ]),
    )
    .orderBy('updated_at')
    .orderBy('id')
    .limit(options.limit)
    .execute();
  const room = options.limit - stalled.length;
  const queued = room > 0 ? await oldestQueuedPerAccount(db, room) : [];
  return [...stalled, ...queued].map(toNudge);
}

/** The account's oldest queued run. */
export async function oldestQueuedRun(db: Kysely<DatabaseSchema>, accountId: string): Promise<StepNudge | undefined> {
  const row = await db
    .selectFrom('playbook_runs')
    .select([...nudgeColumns(db)])
    .where('account_id', '=', accountId)
    .where('status', '=', 'queued')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row && toNudge(row);
}

/** Every account's oldest queued run, oldest first, at most `limit`. */
async function oldestQueuedPerAccount(db: Kysely<DatabaseSchema>, limit: number) {
  return db
    .selectFrom('playbook_runs')
    .select([...nudgeColumns(db)])
    .where('status', '=', 'queued')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('playbook_runs as older')
            .select('older.id')
            .whereRef('older.account_id', '=', 'playbook_runs.account_id')
            .where('older.status', '=', 'queued')
            .where((inner) =>
              inner.or([
                inner('older.created_at', '<', inner.ref('playbook_runs.created_at')),
                inner.and([inner('older.created_at', '=', inner.ref('playbook_runs.created_at')), inner('older.id', '<', inner.ref('playbook_runs.id'))]),
              ]),
            ),
        ),
      ),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The lowest index among the outer run's unfinished steps; null when none is left. */
function firstOpenStep(db: Kysely<DatabaseSchema>) {
  return db
    .selectFrom('playbook_steps as open')
    .select((eb) => eb.fn.min('open.step_index').as('first_open'))
    .where('open.run_id', '=', outerRunId)
    .where('open.status', 'in', openStepStatuses);
}

/** What a nudge needs of a run on playbook_runs: its id, first unfinished step and number of steps. */
function nudgeColumns(db: Kysely<DatabaseSchema>) {
  return [
    'playbook_runs.id',
    firstOpenStep(db).as('first_open'),
    db
      .selectFrom('playbook_steps as counted')
      .select((eb) => eb.fn.countAll().as('step_count'))
      .where('counted.run_id', '=', outerRunId)
      .as('step_count'),
  ] as const;
}

/** The first unfinished step's claims so far and lease expiry, for a query on playbook_runs. */
function headStepColumns(db: Kysely<DatabaseSchema>) {
  const head = () => db.selectFrom('playbook_steps as head').where('head.run_id', '=', outerRunId).where('head.step_index', '=', firstOpenStep(db));
  return [head().select('head.attempts').as('head_attempts'), head().select('head.lease_expires_at').as('head_lease_expires_at')] as const;
}

/**
 * The step to look at: the first unfinished one, or one past the last when every step finished; with its
 * claims so far and its lease's expiry when the query read them.
 */
function toNudge(row: {
  id: string;
  first_open: number | string | null;
  step_count: number | string | bigint | null;
  head_attempts?: number | string | null;
  head_lease_expires_at?: string | null;
}): StepNudge {
  const nudge: StepNudge = { runId: row.id, stepIndex: row.first_open === null ? Number(row.step_count) : Number(row.first_open) };
  if (row.head_attempts !== undefined && row.head_attempts !== null) nudge.attempt = Number(row.head_attempts);
  if (row.head_lease_expires_at) nudge.leaseExpiresAt = row.head_lease_expires_at;
  return nudge;
}
