import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type {
  DeliveryAttemptOutcome,
  DeliveryAttemptRecord,
  DeliveryCursor,
  WebhookDeliveryRecord,
  WebhookDeliveryRepository,
  WebhookDeliveryStatus,
} from '../../../ports/webhook-delivery-repository.ts';
import type { DatabaseSchema } from '../database-schema.ts';
import { attemptToRecord, attemptToRow, deliveryToRecord, deliveryToRow, type DeliveryRow } from './webhook-delivery-rows.ts';

/**
 * Outbound messages in SQL, the same statements on SQLite and PostgreSQL. Claims and attempts are
 * conditional updates: PostgreSQL re-checks the condition on the row a concurrent writer just committed,
 * SQLite has a single writer, so of processes racing for the same message exactly one wins.
 */
export class KyselyWebhookDeliveryRepository implements WebhookDeliveryRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async create(delivery: Omit<WebhookDeliveryRecord, 'attempts'>): Promise<void> {
    await this.#db.insertInto('webhook_deliveries').values(deliveryToRow(delivery)).execute();
  }

  async findById(id: string): Promise<WebhookDeliveryRecord | undefined> {
    const row = await this.#db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    return (await this.#withAttempts([row]))[0];
  }

  async listByAccount(accountId: string, options: { limit: number; after?: DeliveryCursor | undefined }): Promise<WebhookDeliveryRecord[]> {
    const { after } = options;
    let query = this.#db.selectFrom('webhook_deliveries').selectAll().where('account_id', '=', accountId);
    if (after) {
      query = query.where((eb) => eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]));
    }
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
    return this.#withAttempts(rows);
  }

  async claimDue(options: { now: string; owner: string; leaseExpiresAt: string; limit: number }): Promise<WebhookDeliveryRecord[]> {
    const { now, owner, leaseExpiresAt, limit } = options;
    if (limit <= 0) return [];
    // More candidates than asked for: another process may take some of them between the two statements.
    const candidates = await this.#db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where((eb) => claimable(eb, now))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit * 2)
      .execute();
    const claimed: DeliveryRow[] = [];
    for (const { id } of candidates) {
      if (claimed.length === limit) break;
      // The same condition again, on the row itself: only one of several claimers can still see it true.
      const row = await this.#db
        .updateTable('webhook_deliveries')
        .set({ lease_owner: owner, lease_expires_at: leaseExpiresAt })
        .where('id', '=', id)
        .where((eb) => claimable(eb, now))
        .returningAll()
        .executeTakeFirst();
      if (row) claimed.push(row);
    }
    return this.#withAttempts(claimed);
  }

  async recordAttempt(id: string, owner: string, attempt: DeliveryAttemptRecord, nextAttemptAt: string | null): Promise<boolean> {
    const ended = attempt.outcome !== 'retry';
    if (!ended && nextAttemptAt === null) throw new Error(`Webhook delivery ${id}: a retry needs the time of the next attempt`);
    return this.#db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('webhook_deliveries')
        .set({
          status: statusAfter(attempt.outcome),
          attempt_count: attempt.attempt,
          next_attempt_at: ended ? null : nextAttemptAt,
          completed_at: ended ? attempt.at : null,
          lease_owner: null,
          lease_expires_at: null,
        })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      // The claim was lost: the update wrote nothing and the attempt is not recorded.
      if (result.numUpdatedRows === 0n) return false;
      await trx.insertInto('webhook_delivery_attempts').values(attemptToRow(id, attempt)).execute();
      return true;
    });
  }

  /** The deliveries with their attempts oldest first, one query for all of them. */
  async #withAttempts(rows: readonly DeliveryRow[]): Promise<WebhookDeliveryRecord[]> {
    if (rows.length === 0) return [];
    const attemptRows = await this.#db
      .selectFrom('webhook_delivery_attempts')
      .selectAll()
      .where('delivery_id', 'in', rows.map((row) => row.id))
      .orderBy('delivery_id')
      .orderBy('attempt')
      .execute();
    const attempts = new Map<string, DeliveryAttemptRecord[]>();
    for (const row of attemptRows) {
      const list = attempts.get(row.delivery_id);
      if (list) list.push(attemptToRecord(row));
      else attempts.set(row.delivery_id, [attemptToRecord(row)]);
    }
    return rows.map((row) => deliveryToRecord(row, attempts.get(row.id) ?? []));
  }
}

/** Pending, due by `now`, and held by nobody (no lease, or one that expired before `now`). */
function claimable(eb: ExpressionBuilder<DatabaseSchema, 'webhook_deliveries'>, now: string): Expression<SqlBool> {
  return eb.and([
    eb('status', '=', 'pending'),
    eb('next_attempt_at', '<=', now),
    eb.or([eb('lease_owner', 'is', null), eb('lease_expires_at', '<', now)]),
  ]);
}

function statusAfter(outcome: DeliveryAttemptOutcome): WebhookDeliveryStatus {
  return outcome === 'retry' ? 'pending' : outcome;
}
