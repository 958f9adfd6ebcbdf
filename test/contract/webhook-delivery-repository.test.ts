import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/adapters/db/migrator.ts';
import { openDatabase, type Database } from '../../src/adapters/db/open-database.ts';
import { KyselyWebhookDeliveryRepository } from '../../src/adapters/db/repositories/webhook-delivery-repository.ts';
import type { DeliveryAttemptRecord, WebhookDeliveryRecord } from '../../src/ports/webhook-delivery-repository.ts';
import { at, newDelivery } from '../support/contract-records.ts';
import { dialects, freshDatabaseUrl } from '../support/test-databases.ts';

function attempt(number: number, outcome: DeliveryAttemptRecord['outcome'], fields: Partial<DeliveryAttemptRecord> = {}): DeliveryAttemptRecord {
  const failed = outcome !== 'delivered';
  return { attempt: number, at: at(number), status: failed ? 503 : 200, error: failed ? 'http_503' : null, durationMs: 12.5, outcome, ...fields };
}

/** The contract every WebhookDeliveryRepository implementation must pass, on both databases. */
describe.each(dialects)('webhook delivery repository on %s', (dialect) => {
  let url: string;
  let database: Database;
  let deliveries: KyselyWebhookDeliveryRepository;

  // Claims look at every account's messages: each test starts from an empty database.
  beforeEach(async () => {
    url = await freshDatabaseUrl(dialect);
    database = await openDatabase(url);
    await migrateToLatest(database);
    deliveries = new KyselyWebhookDeliveryRepository(database.db);
  });
  afterEach(async () => {
    await database.close();
  });

  function claim(owner: string, now: string, limit = 10, leaseExpiresAt = at(59)): Promise<WebhookDeliveryRecord[]> {
    return deliveries.claimDue({ now, owner, leaseExpiresAt, limit });
  }

  /** Claims the first due message at the attempt's time as `owner`, expecting `id`, and records `recorded` for it. */
  async function claimAndRecord(id: string, recorded: DeliveryAttemptRecord, nextAttemptAt: string | null, owner = 'worker-1'): Promise<void> {
    expect((await claim(owner, recorded.at, 1)).map((delivery) => delivery.id)).toEqual([id]);
    expect(await deliveries.recordAttempt(id, owner, recorded, nextAttemptAt)).toBe(true);
  }

  it('stores a message and reads back every field', async () => {
    const delivery = newDelivery('msg_roundtrip', 'acct-1', {
      runId: 'pbr_1',
      status: 'pending',
      attemptCount: 2,
      nextAttemptAt: at(5),
      leaseOwner: 'host:1',
      leaseExpiresAt: at(6),
      payload: '{"type":"playbook.completed","data":{"text":"é ✓ \\u0000"}}',
    });
    await deliveries.create(delivery);
    expect(await deliveries.findById('msg_roundtrip')).toEqual({ ...delivery, attempts: [] });

    const ended = newDelivery('msg_ended', 'acct-1', { status: 'failed', nextAttemptAt: null, completedAt: at(9), attemptCount: 8 });
    await deliveries.create(ended);
    expect(await deliveries.findById('msg_ended')).toEqual({ ...ended, attempts: [] });
    expect(await deliveries.findById('msg_missing')).toBeUndefined();
  });

  it('reads attempts back with numbers as numbers and a missing status as null', async () => {
    await deliveries.create(newDelivery('msg_attempts', 'acct-1'));
    await claimAndRecord('msg_attempts', attempt(1, 'retry', { status: null, error: 'timeout: no answer in 10000 ms', durationMs: 10000.25 }), at(2));
    const stored = await deliveries.findById('msg_attempts');
    expect(stored?.attempts).toEqual([{ attempt: 1, at: at(1), status: null, error: 'timeout: no answer in 10000 ms', durationMs: 10000.25, outcome: 'retry' }]);
    expect(typeof stored?.attempts[0]?.durationMs).toBe('number');
    expect(typeof stored?.attemptCount).toBe('number');
  });

  it('claims only pending messages that are due and held by nobody, oldest due first, up to the limit', async () => {
    // Ids in the opposite order of their due times, so that the order comes from the due time.
    await deliveries.create(newDelivery('msg_a', 'acct-1', { nextAttemptAt: at(3) }));
    await deliveries.create(newDelivery('msg_b', 'acct-2', { nextAttemptAt: at(2) }));
    await deliveries.create(newDelivery('msg_c', 'acct-1', { nextAttemptAt: at(1) }));
    await deliveries.create(newDelivery('msg_due_exactly_now', 'acct-1', { nextAttemptAt: at(10) }));
    await deliveries.create(newDelivery('msg_later', 'acct-1', { nextAttemptAt: at(11) }));
    await deliveries.create(newDelivery('msg_delivered', 'acct-1', { status: 'delivered', nextAttemptAt: at(1), completedAt: at(1) }));
    await deliveries.create(newDelivery('msg_failed', 'acct-1', { status: 'failed', nextAttemptAt: at(1), completedAt: at(1) }));
    await deliveries.create(newDelivery('msg_held', 'acct-1', { nextAttemptAt: at(1), leaseOwner: 'someone-else', leaseExpiresAt: at(30) }));

    const first = await claim('worker-1', at(10), 2, at(15));
    expect(first.map((delivery) => delivery.id)).toEqual(['msg_c', 'msg_b']);
    expect(first[0]).toMatchObject({ leaseOwner: 'worker-1', leaseExpiresAt: at(15), status: 'pending', attempts: [] });
    expect(await deliveries.findById('msg_c')).toMatchObject({ leaseOwner: 'worker-1', leaseExpiresAt: at(15) });

    expect((await claim('worker-2', at(10))).map((delivery) => delivery.id)).toEqual(['msg_a', 'msg_due_exactly_now']);
    expect(await claim('worker-3', at(10))).toEqual([]);
    expect(await claim('worker-3', at(10), 0)).toEqual([]);
    expect(await deliveries.findById('msg_held')).toMatchObject({ leaseOwner: 'someone-else', leaseExpiresAt: at(30) });
  });

  it('hands each due message to exactly one of many processes claiming at once', async () => {
    // A second connection, so that the claims also race across connections (another process, for SQLite).
    const second = await openDatabase(url);
    try {
      const repositories = [deliveries, new KyselyWebhookDeliveryRepository(second.db)];
      const ids = Array.from({ length: 5 }, (_, index) => `msg_race_${index}`);
      for (const id of ids) await deliveries.create(newDelivery(id, 'acct-race'));

      const claims = await Promise.all(
        Array.from({ length: 10 }, (_, index) => (repositories[index % 2] as KyselyWebhookDeliveryRepository).claimDue({ now: at(1), owner: `worker-${index}`, leaseExpiresAt: at(5), limit: 5 })),
      );
      const claimedIds = claims.flatMap((claimed) => claimed.map((delivery) => delivery.id));
      expect(claimedIds.toSorted()).toEqual(ids);
      for (const [index, claimed] of claims.entries()) {
        for (const delivery of claimed) expect((await deliveries.findById(delivery.id))?.leaseOwner).toBe(`worker-${index}`);
      }
    } finally {
      await second.close();
    }
  });

  it('lets a message whose claim expired be claimed again, and its first owner no longer record', async () => {
    await deliveries.create(newDelivery('msg_expired', 'acct-1'));
    expect(await claim('worker-1', at(1), 10, at(5))).toHaveLength(1);
    // Until the end of the lease, the claim holds.
    expect(await claim('worker-2', at(5), 10, at(9))).toEqual([]);
    expect((await claim('worker-2', at(6), 10, at(9))).map((delivery) => delivery.id)).toEqual(['msg_expired']);

    expect(await deliveries.recordAttempt('msg_expired', 'worker-1', attempt(1, 'delivered'), null)).toBe(false);
    expect(await deliveries.recordAttempt('msg_expired', 'worker-2', attempt(1, 'delivered'), null)).toBe(true);
    expect(await deliveries.findById('msg_expired')).toMatchObject({ status: 'delivered', attempts: [{ attempt: 1 }] });
  });

  it('writes nothing when an attempt is recorded by a process that does not hold the claim', async () => {
    await deliveries.create(newDelivery('msg_not_mine', 'acct-1'));
    expect(await deliveries.recordAttempt('msg_not_mine', 'worker-1', attempt(1, 'delivered'), null)).toBe(false);
    expect(await claim('worker-1', at(1), 10, at(5))).toHaveLength(1);
    expect(await deliveries.recordAttempt('msg_not_mine', 'worker-2', attempt(1, 'delivered'), null)).toBe(false);
    expect(await deliveries.recordAttempt('msg_missing', 'worker-1', attempt(1, 'delivered'), null)).toBe(false);

    expect(await deliveries.findById('msg_not_mine')).toEqual({ ...newDelivery('msg_not_mine', 'acct-1'), leaseOwner: 'worker-1', leaseExpiresAt: at(5), attempts: [] });
  });

  it('keeps a message pending after a retry, due at the new time and claimable by anyone then', async () => {
    await deliveries.create(newDelivery('msg_retry', 'acct-1'));
    await claimAndRecord('msg_retry', attempt(1, 'retry'), at(20));
    expect(await deliveries.findById('msg_retry')).toMatchObject({
      status: 'pending',
      attemptCount: 1,
      nextAttemptAt: at(20),
      leaseOwner: null,
      leaseExpiresAt: null,
      completedAt: null,
      attempts: [attempt(1, 'retry')],
    });
    // The claim went with the recorded attempt.
    expect(await deliveries.recordAttempt('msg_retry', 'worker-1', attempt(2, 'delivered'), null)).toBe(false);
    expect(await claim('worker-2', at(19))).toEqual([]);
    expect((await claim('worker-2', at(20))).map((delivery) => delivery.id)).toEqual(['msg_retry']);
  });

  it('refuses a retry without the time of the next attempt', async () => {
    await deliveries.create(newDelivery('msg_no_next', 'acct-1'));
    expect(await claim('worker-1', at(1))).toHaveLength(1);
    await expect(deliveries.recordAttempt('msg_no_next', 'worker-1', attempt(1, 'retry'), null)).rejects.toThrow(/next attempt/);
    expect((await deliveries.findById('msg_no_next'))?.attempts).toEqual([]);
  });

  it.each(['delivered', 'failed'] as const)('ends a message with a %s attempt: completed, never due again', async (outcome) => {
    await deliveries.create(newDelivery('msg_end', 'acct-1'));
    await claimAndRecord('msg_end', attempt(1, 'retry'), at(2));
    // A time given with an ending attempt is not kept.
    await claimAndRecord('msg_end', attempt(2, outcome), at(3));
    const stored = await deliveries.findById('msg_end');
    expect(stored).toMatchObject({ status: outcome, attemptCount: 2, nextAttemptAt: null, completedAt: at(2), leaseOwner: null, leaseExpiresAt: null });
    expect(stored?.attempts.map((entry) => entry.outcome)).toEqual(['retry', outcome]);
    expect(await claim('worker-1', at(59))).toEqual([]);
    expect(await deliveries.recordAttempt('msg_end', 'worker-1', attempt(3, 'delivered'), null)).toBe(false);
  });

  it('lists an account’s messages newest first, continuing after a cursor, with their attempts oldest first', async () => {
    const account = 'acct-list';
    await deliveries.create(newDelivery('msg_list_a', account, { createdAt: at(1) }));
    await deliveries.create(newDelivery('msg_list_b', account, { createdAt: at(2) }));
    // Same creation time: the id decides.
    await deliveries.create(newDelivery('msg_list_c', account, { createdAt: at(3) }));
    await deliveries.create(newDelivery('msg_list_d', account, { createdAt: at(3) }));
    await deliveries.create(newDelivery('msg_list_e', account, { createdAt: at(4) }));
    await deliveries.create(newDelivery('msg_list_other', 'acct-list-other', { createdAt: at(5) }));

    // Not due until every other one is done: listed without attempts.
    await deliveries.create(newDelivery('msg_list_f', account, { createdAt: at(0), nextAttemptAt: at(50) }));
    const attempts: [string, DeliveryAttemptRecord, string | null][] = [
      ['msg_list_a', attempt(1, 'delivered'), null],
      ['msg_list_b', attempt(1, 'retry'), at(40)],
      ['msg_list_c', attempt(1, 'delivered'), null],
      ['msg_list_d', attempt(1, 'retry'), at(45)],
      ['msg_list_e', attempt(1, 'delivered'), null],
      ['msg_list_other', attempt(1, 'delivered'), null],
      ['msg_list_b', attempt(2, 'retry', { at: at(40) }), at(41)],
      ['msg_list_b', attempt(3, 'delivered', { at: at(41) }), null],
      ['msg_list_d', attempt(2, 'failed', { at: at(45) }), null],
    ];
    for (const [id, recorded, nextAttemptAt] of attempts) await claimAndRecord(id, recorded, nextAttemptAt);

    const all = await deliveries.listByAccount(account, { limit: 10 });
    expect(all.map((delivery) => delivery.id)).toEqual(['msg_list_e', 'msg_list_d', 'msg_list_c', 'msg_list_b', 'msg_list_a', 'msg_list_f']);
    expect(all.map((delivery) => delivery.attempts.length)).toEqual([1, 2, 1, 3, 1, 0]);
    expect(all[3]?.attempts.map((entry) => [entry.attempt, entry.outcome])).toEqual([
      [1, 'retry'],
      [2, 'retry'],
      [3, 'delivered'],
    ]);
    expect(all[1]?.attempts.map((entry) => entry.attempt)).toEqual([1, 2]);

    const pages: string[][] = [];
    let after: { createdAt: string; id: string } | undefined;
    // Bounded, so that a cursor that does not advance fails instead of looping.
    for (let count = 0; count < 5; count += 1) {
      const page = await deliveries.listByAccount(account, { limit: 2, after });
      if (page.length === 0) break;
      pages.push(page.map((delivery) => delivery.id));
      const last = page.at(-1) as WebhookDeliveryRecord;
      after = { createdAt: last.createdAt, id: last.id };
    }
    expect(pages).toEqual([
      ['msg_list_e', 'msg_list_d'],
      ['msg_list_c', 'msg_list_b'],
      ['msg_list_a', 'msg_list_f'],
    ]);
    expect(await deliveries.listByAccount('acct-list-nobody', { limit: 10 })).toEqual([]);
  });
});
