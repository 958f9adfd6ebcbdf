import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/adapters/db/migrator.ts';
import { openDatabase, type Database } from '../../src/adapters/db/open-database.ts';
import { settleHolds } from '../../src/adapters/db/repositories/quota-holds.ts';
import { SqlQuotaLedger } from '../../src/adapters/db/repositories/sql-quota-ledger.ts';
import { freshDatabaseUrl } from '../support/test-databases.ts';

const dialects = ['sqlite', 'postgres'] as const;
const minute = 60_000;
const start = new Date('2026-03-10T12:00:00.000Z');
const at = (offsetMs: number) => new Date(start.getTime() + offsetMs);
const times = { holdExpiresAt: at(minute), counterExpiresAt: new Date('2026-03-11T00:00:00.000Z') };
let sequence = 0;
const hold = (counterKey: string, units = 1) => ({ id: `hold_${(sequence += 1)}`, counterKey, units });

/** The ledger contract: holds count against the limit until settled with the work's record, released, or expired. */
describe.each(dialects)('quota ledger on %s', (dialect) => {
  let url: string;
  let database: Database;
  let ledger: SqlQuotaLedger;
  const settle = (holdId: string, counterKey: string, keptUnits: number) =>
    settleHolds(database.db, [{ holdId, counterKey, keptUnits, counterExpiresAt: times.counterExpiresAt.toISOString() }]);

  beforeAll(async () => {
    url = await freshDatabaseUrl(dialect);
    database = await openDatabase(url);
    await migrateToLatest(database);
    ledger = new SqlQuotaLedger(database.db, database.dialect);
  });
  afterAll(async () => database.close());

  it('counts up to the limit and refuses past it, several units all or nothing', async () => {
    expect(await ledger.hold(hold('a'), 3, times)).toEqual({ accepted: true, count: 1 });
    expect(await ledger.hold(hold('a', 2), 3, times)).toEqual({ accepted: true, count: 3 });
    expect(await ledger.hold(hold('a'), 3, times)).toEqual({ accepted: false, count: 3 });
    expect(await ledger.hold(hold('fresh', 6), 5, times)).toEqual({ accepted: false, count: 0 });
    expect(await ledger.get('a')).toBe(3);
    expect(await ledger.get('never-used')).toBe(0);
  });

  it('holds a burst on one counter together: each hold its own count and row, exactly up to the limit', async () => {
    const burst = Array.from({ length: 8 }, () => hold('burst'));
    const results = await Promise.all(burst.map((held) => ledger.hold(held, 20, times)));
    expect(results.every((result) => result.accepted)).toBe(true);
    expect(results.map((result) => result.count).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const rows = await database.db.selectFrom('usage_holds').select(['id', 'units']).where('counter_key', '=', 'burst').execute();
    expect(rows.map((row) => row.id).sort()).toEqual(burst.map((held) => held.id).sort());

    const nearLimit = await Promise.all(Array.from({ length: 10 }, () => ledger.hold(hold('burst', 3), 20, times)));
    expect(nearLimit.filter((result) => result.accepted)).toHaveLength(4);
    expect(await ledger.get('burst')).toBe(20);

    const anew = await Promise.all(Array.from({ length: 9 }, () => ledger.hold(hold('burst-anew'), 5, times)));
    expect(anew.filter((result) => result.accepted)).toHaveLength(5);
    expect(await ledger.get('burst-anew')).toBe(5);
    const stored = await database.db.selectFrom('usage_holds').select((eb) => eb.fn.sum<number>('units').as('units')).where('counter_key', '=', 'burst-anew').executeTakeFirst();
    expect(Number(stored?.units)).toBe(5);
  });

  it('never refuses without a limit', async () => {
    for (let index = 0; index < 5; index += 1) await ledger.hold(hold('unlimited'), null, times);
    expect(await ledger.get('unlimited')).toBe(5);
  });

  it('gives a released hold back once, however often it is released', async () => {
    const held = hold('released', 2);
    await ledger.hold(held, 10, times);
    await ledger.release(held.id);
    await ledger.release(held.id);
    await ledger.release('hold_unknown');
    expect(await ledger.get('released')).toBe(0);
  });

  it('settles with the record: kept units stay, the rest go back, and a later release changes nothing', async () => {
    const kept = hold('settled', 3);
    const failed = hold('settled');
    await ledger.hold(kept, 10, times);
    await ledger.hold(failed, 10, times);
    await settle(kept.id, 'settled', 3);
    await settle(failed.id, 'settled', 0);
    await ledger.release(kept.id);
    expect(await ledger.get('settled')).toBe(3);
    await ledger.reclaimExpired(at(10 * minute));
    expect(await ledger.get('settled')).toBe(3);
  });

  it('gives back holds that expired unsettled (their process died), and only those', async () => {
    const dead = hold('expiring', 2);
    const alive = hold('expiring');
    await ledger.hold(dead, 10, times);
    await ledger.hold(alive, 10, times);
    await ledger.extend([alive.id], at(5 * minute));
    expect(await ledger.reclaimExpired(at(2 * minute))).toBe(1);
    expect(await ledger.get('expiring')).toBe(1);
    expect(await ledger.reclaimExpired(at(2 * minute))).toBe(0);
  });

  it('counts again what a record kept after its hold expired and was given back (a paused process)', async () => {
    const paused = hold('paused', 2);
    await ledger.hold(paused, 10, times);
    await ledger.reclaimExpired(at(2 * minute));
    expect(await ledger.get('paused')).toBe(0);
    await settle(paused.id, 'paused', 2);
    expect(await ledger.get('paused')).toBe(2);
  });

  it('with N left, N+20 simultaneous holds give exactly N', async () => {
    const limit = 30;
    await ledger.hold(hold('race', 10), limit, times);
    const results = await Promise.all(Array.from({ length: 40 }, () => ledger.hold(hold('race'), limit, times)));
    expect(results.filter((result) => result.accepted)).toHaveLength(20);
    expect(await ledger.get('race')).toBe(limit);
  });

  it('keeps counts and holds across a restart', async () => {
    const open = hold('durable', 4);
    await ledger.hold(open, 10, times);
    await database.close();
    database = await openDatabase(url);
    ledger = new SqlQuotaLedger(database.db, database.dialect);
    expect(await ledger.get('durable')).toBe(4);
    await ledger.release(open.id);
    expect(await ledger.get('durable')).toBe(0);
  });

  it('drops counters of days that have ended', async () => {
    await ledger.hold(hold('yesterday'), 10, { ...times, counterExpiresAt: at(-minute) });
    expect(await ledger.purgeExpired(start)).toBeGreaterThanOrEqual(1);
    expect(await ledger.get('yesterday')).toBe(0);
  });
});

/** synchronous_commit is a PostgreSQL setting with no SQLite counterpart, so this part of the contract runs on PostgreSQL alone. */
describe('quota ledger on postgres: commit mode', () => {
  let database: Database;
  let ledger: SqlQuotaLedger;

  beforeAll(async () => {
    database = await openDatabase(await freshDatabaseUrl('postgres'));
    await migrateToLatest(database);
    ledger = new SqlQuotaLedger(database.db, database.dialect);
  });
  afterAll(async () => database.close());

  it('commits a hold without waiting for the flush, and only that statement (decisions/0047)', async () => {
    await database.db.connection().execute(async (connection) => {
      const setting = async () => (await sql<{ value: string }>`select current_setting('synchronous_commit') as value`.execute(connection)).rows[0]?.value;
      const before = await setting();
      // The setting is read inside the hold's own transaction, then again on the same connection after it.
      await connection.transaction().execute(async (transaction) => {
        await new SqlQuotaLedger(transaction, database.dialect).hold(hold('commit-mode'), null, times);
        expect((await sql<{ value: string }>`select current_setting('synchronous_commit') as value`.execute(transaction)).rows[0]?.value).toBe('off');
      });
      expect(before).not.toBe('off');
      expect(await setting()).toBe(before);
      await new SqlQuotaLedger(connection, database.dialect).hold(hold('commit-mode'), null, times);
      expect(await setting()).toBe(before);
    });
    expect(await ledger.get('commit-mode')).toBe(2);
  });
});
