import { type Kysely, type Selectable, type Transaction } from 'kysely';
import type {
  NewPlaybookEvent,
  PlaybookError,
  PlaybookEventRecord,
  PlaybookRunRecord,
  PlaybookRunRepository,
  PlaybookRunStatus,
  PlaybookStepRecord,
  DurableRunQuery,
  RunCallbackOutbox,
  StepAnswerRecord,
  StepClaim,
  StepNudge,
  StepOutcomeRecord,
} from '../../../ports/playbook-run-repository.ts';
import type { QuotaSettlement } from '../../../ports/quota-ledger.ts';
import { counterKey } from '../../../domain/quotas/counter-key.ts';
import type { DatabaseSchema, PlaybookRunsTable } from '../database-schema.ts';
import { packJsonText } from '../packed-json-text.ts';
import { settleHolds, takeOffCounter } from './quota-holds.ts';
import { findStalledRuns, oldestQueuedRun, openStepStatuses } from './playbook-run-sweep-queries.ts';
import { findStepAnswer, storeStepAnswer } from './playbook-step-answers.ts';
import { deliveryToRow } from './webhook-delivery-rows.ts';
import { errorToText, eventToRecord, eventsToRows, runToRecord, runToRow, stepToRecord, stepToRow } from './playbook-run-rows.ts';

/** Thrown inside a transaction when a precondition fails, so that everything it wrote rolls back. */
class NotApplied extends Error {}

/**
 * Playbook runs in SQL, the same statements on SQLite and PostgreSQL. A state change is one transaction
 * that first updates the run's row on the condition of its status (taking its row lock on PostgreSQL, so
 * changes of one run queue; SQLite has a single writer), then checks and writes the rest, rolling back
 * when a condition fails: of processes racing for the same change, exactly one wins.
 */
export class KyselyPlaybookRunRepository implements PlaybookRunRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async create(run: PlaybookRunRecord, quota?: QuotaSettlement): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx.insertInto('playbook_runs').values(runToRow(run)).execute();
      if (run.steps.length > 0) await trx.insertInto('playbook_steps').values(run.steps.map((step) => stepToRow(run.id, step))).execute();
      if (quota) await settleHolds(trx, [quota]);
    });
  }

  findById(id: string): Promise<PlaybookRunRecord | undefined> {
    return findRun(this.#db, id);
  }

  async listByAccount(accountId: string, options: DurableRunQuery): Promise<PlaybookRunRecord[]> {
    const { after, kind, playbookId, status, since, until } = options;
    let query = this.#db.selectFrom('playbook_runs').selectAll().where('account_id', '=', accountId);
    if (kind !== undefined) query = query.where('kind', '=', kind);
    if (playbookId !== undefined) query = query.where('playbook_id', '=', playbookId);
    if (status !== undefined) query = query.where('status', '=', status);
    if (since !== undefined) query = query.where('created_at', '>=', since);
    if (until !== undefined) query = query.where('created_at', '<', until);
    if (after) {
      query = query.where((eb) => eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]));
    }
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
    const steps = await this.#stepsOf(rows.map((row) => row.id));
    return rows.map((row) => runToRecord(row, steps.get(row.id) ?? []));
  }

  async startRun(runId: string, change: { accountLimit: number; now: string; events: NewPlaybookEvent[] }): Promise<boolean> {
    const started = await this.#transition(runId, ['queued'], change.now, change.events, async (trx, run) => {
      await trx
        .insertInto('playbook_slots')
        .values({ account_id: run.account_id, active: 0 })
        .onConflict((conflict) => conflict.column('account_id').doNothing())
        .execute();
      // The row lock (PostgreSQL) or the single writer (SQLite) makes check and increment one step.
      const slot = await trx
        .updateTable('playbook_slots')
        .set((eb) => ({ active: eb('active', '+', 1) }))
        .where('account_id', '=', run.account_id)
        .where('active', '<', change.accountLimit)
        .executeTakeFirst();
      if (slot.numUpdatedRows === 0n) throw new NotApplied();
      await trx.updateTable('playbook_runs').set({ status: 'running', started_at: change.now }).where('id', '=', runId).execute();
      return true;
    });
    return started ?? false;
  }

  async claimStep(
    runId: string,
    stepIndex: number,
    claim: { owner: string; leaseExpiresAt: string; now: string; events: NewPlaybookEvent[] },
  ): Promise<PlaybookStepRecord | undefined> {
    return this.#transition(runId, ['running'], claim.now, claim.events, async (trx) => {
      const step = await trx
        .updateTable('playbook_steps')
        .set((eb) => ({
          status: 'running',
          lease_owner: claim.owner,
          lease_expires_at: claim.leaseExpiresAt,
          attempts: eb('attempts', '+', 1),
          started_at: claim.now,
        }))
        .where('run_id', '=', runId)
        .where('step_index', '=', stepIndex)
        .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<', claim.now)])]))
        .returningAll()
        .executeTakeFirst();
      if (!step) throw new NotApplied();
      return stepToRecord(step);
    });
  }

  async renewLease(runId: string, stepIndex: number, claim: StepClaim, leaseExpiresAt: string): Promise<boolean> {
    const result = await this.#db
      .updateTable('playbook_steps')
      .set({ lease_expires_at: leaseExpiresAt })
      .where('run_id', '=', runId)
      .where('step_index', '=', stepIndex)
      .where('status', '=', 'running')
      .where('lease_owner', '=', claim.owner)
      .where('attempts', '=', claim.attempt)
      .where((eb) => eb.exists(eb.selectFrom('playbook_runs').select('playbook_runs.id').where('playbook_runs.id', '=', runId).where('playbook_runs.status', '=', 'running')))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async finishStep(runId: string, stepIndex: number, claim: StepClaim, outcome: StepOutcomeRecord, events: NewPlaybookEvent[]): Promise<boolean> {
    const result = outcome.result === null ? null : await packJsonText(outcome.result);
    const finished = await this.#transition(runId, ['running'], outcome.completedAt, events, async (trx) => {
      const step = await trx
        .updateTable('playbook_steps')
        .set({
          status: outcome.status,
          result,
          error: errorToText(outcome.error),
          model: outcome.model,
          agent_run_id: outcome.agentRunId,
          duration_ms: outcome.durationMs,
          completed_at: outcome.completedAt,
          lease_owner: null,
          lease_expires_at: null,
        })
        .where('run_id', '=', runId)
        .where('step_index', '=', stepIndex)
        .where('status', '=', 'running')
        .where('lease_owner', '=', claim.owner)
        .where('attempts', '=', claim.attempt)
        .executeTakeFirst();
      if (step.numUpdatedRows === 0n) throw new NotApplied();
      // The answer kept for a retry of the step is its result now: it is stored once, in the step.
      if (outcome.status === 'done') await trx.deleteFrom('playbook_step_answers').where('run_id', '=', runId).where('step_index', '=', stepIndex).execute();
      if (outcome.status === 'done' || outcome.unitSpent === true) {
        await trx.updateTable('playbook_runs').set((eb) => ({ units_spent: eb('units_spent', '+', 1) })).where('id', '=', runId).execute();
      }
      return true;
    });
    return finished ?? false;
  }

  async finishRun(
    runId: string,
    change: { status: 'done' | 'failed'; error: PlaybookError | null; now: string; events: NewPlaybookEvent[]; callback?: RunCallbackOutbox | undefined },
  ): Promise<{ finished: boolean; refundUnits: number }> {
    const refundUnits = await this.#transition(runId, ['running'], change.now, change.events, async (trx, run) => {
      await trx.updateTable('playbook_runs').set({ status: change.status, error: errorToText(change.error), completed_at: change.now }).where('id', '=', runId).execute();
      if (change.status === 'failed') {
        await trx.updateTable('playbook_steps').set({ status: 'skipped' }).where('run_id', '=', runId).where('status', '=', 'pending').execute();
      }
      await freeSlot(trx, run.account_id);
      if (change.callback) await queueCallback(trx, runId, change.callback);
      return refund(trx, run);
    });
    return refundUnits === undefined ? { finished: false, refundUnits: 0 } : { finished: true, refundUnits };
  }

  async cancel(runId: string, change: { now: string; events: NewPlaybookEvent[] }): Promise<{ canceled: boolean; refundUnits: number }> {
    const refundUnits = await this.#transition(runId, ['queued', 'running'], change.now, change.events, async (trx, run) => {
      // A step running now goes on at its model, which bills us: its unit is spent, not given back.
      const running = await trx
        .selectFrom('playbook_steps')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('run_id', '=', runId)
        .where('status', '=', 'running')
        .executeTakeFirstOrThrow();
      const unitsSpent = Number(run.units_spent) + Number(running.count);
      await trx.updateTable('playbook_runs').set({ status: 'canceled', completed_at: change.now, units_spent: unitsSpent }).where('id', '=', runId).execute();
      await trx
        .updateTable('playbook_steps')
        .set({ status: 'canceled', lease_owner: null, lease_expires_at: null })
        .where('run_id', '=', runId)
        .where('status', 'in', openStepStatuses)
        .execute();
      // The row still holds the status from before this change: only a running run has a slot.
      if (run.status === 'running') await freeSlot(trx, run.account_id);
      return refund(trx, { ...run, units_spent: unitsSpent });
    });
    return refundUnits === undefined ? { canceled: false, refundUnits: 0 } : { canceled: true, refundUnits };
  }

  async resume(runId: string, change: { quotaDay: string; unitsReserved: number; unitsRefunded: number; now: string; quota?: QuotaSettlement }): Promise<boolean> {
    const resumed = await this.#transition(runId, ['failed', 'canceled'], change.now, [], async (trx) => {
      if (change.quota) await settleHolds(trx, [change.quota]);
      await trx
        .updateTable('playbook_runs')
        .set({
          status: 'queued',
          error: null,
          completed_at: null,
          quota_day: change.quotaDay,
          units_reserved: change.unitsReserved,
          units_refunded: change.unitsRefunded,
        })
        .where('id', '=', runId)
        .execute();
      await trx
        .updateTable('playbook_steps')
        .set({
          status: 'pending',
          result: null,
          error: null,
          model: null,
          agent_run_id: null,
          attempts: 0,
          lease_owner: null,
          lease_expires_at: null,
          duration_ms: null,
          started_at: null,
          completed_at: null,
        })
        .where('run_id', '=', runId)
        .where('status', '!=', 'done')
        .execute();
      return true;
    });
    return resumed ?? false;
  }

  async listEvents(runId: string, afterSequence: number, limit: number): Promise<PlaybookEventRecord[]> {
    const rows = await this.#db
      .selectFrom('playbook_events')
      .selectAll()
      .where('run_id', '=', runId)
      .where('sequence', '>', afterSequence)
      .orderBy('sequence')
      .limit(limit)
      .execute();
    return rows.map(eventToRecord);
  }

  storeStepAnswer(runId: string, stepIndex: number, claim: StepClaim, answer: Omit<StepAnswerRecord, 'attempt'>): Promise<boolean> {
    return storeStepAnswer(this.#db, runId, stepIndex, claim, answer);
  }

  findStepAnswer(runId: string, stepIndex: number): Promise<StepAnswerRecord | undefined> {
    return findStepAnswer(this.#db, runId, stepIndex);
  }

  async findStalled(options: { idleBefore: string; expiringBefore: string; limit: number }): Promise<StepNudge[]> {
    return findStalledRuns(this.#db, options);
  }

  async oldestQueued(accountId: string): Promise<StepNudge | undefined> {
    return oldestQueuedRun(this.#db, accountId);
  }

  /**
   * Runs `change` in one transaction, after updating the run's row while its status is one of `from`:
   * `updated_at` set to `at` and the events' sequence numbers reserved. `change` receives the row as that
   * update left it (the status still the one before the change) and throws NotApplied to undo everything.
   * Undefined when nothing applied.
   */
  async #transition<T>(
    runId: string,
    from: readonly PlaybookRunStatus[],
    at: string,
    events: readonly NewPlaybookEvent[],
    change: (trx: Transaction<DatabaseSchema>, run: Selectable<PlaybookRunsTable>) => Promise<T>,
  ): Promise<T | undefined> {
    try {
      return await this.#db.transaction().execute(async (trx) => {
        const run = await trx
          .updateTable('playbook_runs')
          .set((eb) => ({ event_count: eb('event_count', '+', events.length), updated_at: at }))
          .where('id', '=', runId)
          .where('status', 'in', from)
          .returningAll()
          .executeTakeFirst();
        if (!run) throw new NotApplied();
        const result = await change(trx, run);
        if (events.length > 0) {
          await trx
            .insertInto('playbook_events')
            .values(eventsToRows(runId, Number(run.event_count) - events.length, events, at))
            .execute();
        }
        return result;
      });
    } catch (error) {
      if (error instanceof NotApplied) return undefined;
      throw error;
    }
  }

  #stepsOf(runIds: readonly string[]): Promise<Map<string, PlaybookStepRecord[]>> {
    return stepsOf(this.#db, runIds);
  }
}

/** The runs' steps in index order, one query for all of them (in a transaction when given one). */
async function stepsOf(db: Kysely<DatabaseSchema>, runIds: readonly string[]): Promise<Map<string, PlaybookStepRecord[]>> {
  const steps = new Map<string, PlaybookStepRecord[]>();
  if (runIds.length === 0) return steps;
  const rows = await db.selectFrom('playbook_steps').selectAll().where('run_id', 'in', runIds).orderBy('run_id').orderBy('step_index').execute();
  for (const row of rows) {
    const list = steps.get(row.run_id);
    if (list) list.push(stepToRecord(row));
    else steps.set(row.run_id, [stepToRecord(row)]);
  }
  return steps;
}

async function findRun(db: Kysely<DatabaseSchema>, id: string): Promise<PlaybookRunRecord | undefined> {
  const row = await db.selectFrom('playbook_runs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const steps = await stepsOf(db, [id]);
  return runToRecord(row, steps.get(id) ?? []);
}

/** Stores the callback of the run as just finished, in the transaction that finished it: both or neither. */
async function queueCallback(trx: Transaction<DatabaseSchema>, runId: string, callback: RunCallbackOutbox): Promise<void> {
  const finished = await findRun(trx, runId);
  const delivery = finished && callback(finished);
  if (delivery) await trx.insertInto('webhook_deliveries').values(deliveryToRow(delivery)).execute();
}

async function freeSlot(trx: Transaction<DatabaseSchema>, accountId: string): Promise<void> {
  await trx
    .updateTable('playbook_slots')
    .set((eb) => ({ active: eb('active', '-', 1) }))
    .where('account_id', '=', accountId)
    .where('active', '>', 0)
    .execute();
}

/**
 * Marks every unit reserved and not spent as refunded, and takes them off the day's counter in the same
 * transaction (the counter always equals what stored runs kept); returns how many that newly is. `run` is
 * the run's row read under its lock in this transaction.
 */
async function refund(trx: Transaction<DatabaseSchema>, run: Selectable<PlaybookRunsTable>): Promise<number> {
  const unspent = Number(run.units_reserved) - Number(run.units_spent);
  const newlyRefunded = unspent - Number(run.units_refunded);
  if (newlyRefunded <= 0) return 0;
  await trx.updateTable('playbook_runs').set({ units_refunded: unspent }).where('id', '=', run.id).execute();
  await takeOffCounter(trx, counterKey('api', run.quota_day, run.account_id), newlyRefunded);
  return newlyRefunded;
}
