import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../migrator.ts';
import { openDatabase, type Database } from '../open-database.ts';
import { SqliteHoldTransaction, type HoldWithin } from './sqlite-hold-transaction.ts';

const times = { holdExpiresAt: new Date('2026-03-10T12:01:00.000Z'), counterExpiresAt: new Date('2026-03-11T00:00:00.000Z') };
const hold = (id: string) => ({ id, counterKey: `counter-${id}`, units: 1 });

describe('SqliteHoldTransaction', () => {
  let database: Database;
  beforeEach(async () => {
    database = await openDatabase('sqlite::memory:');
    await migrateToLatest(database);
  });
  afterEach(async () => database.close());

  /** Stores each hold as a row, and fails on the hold named `fails`. */
  const storing: HoldWithin = async (transaction, held) => {
    if (held.id === 'fails') throw new Error('the statement failed');
    await transaction.insertInto('usage_holds').values({ id: held.id, counter_key: held.counterKey, units: held.units, expires_at: times.holdExpiresAt.toISOString() }).execute();
    return { accepted: true, count: (await transaction.selectFrom('usage_holds').select('id').execute()).length };
  };

  it('makes the holds of one turn of the event loop in one transaction, in arrival order', async () => {
    const transactions = vi.spyOn(database.db, 'transaction');
    const batch = new SqliteHoldTransaction(database.db, storing);
    const results = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((id) => batch.hold(hold(id), null, times)));
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(results.map((result) => result.count)).toEqual([1, 2, 3, 4, 5]);
    // A hold of a later turn has a transaction of its own.
    await batch.hold(hold('f'), null, times);
    expect(transactions).toHaveBeenCalledTimes(2);
  });

  it('fails every hold of a group whose transaction fails, and keeps none of them', async () => {
    const batch = new SqliteHoldTransaction(database.db, storing);
    const results = await Promise.allSettled(['a', 'fails', 'c'].map((id) => batch.hold(hold(id), null, times)));
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await database.db.selectFrom('usage_holds').select('id').execute()).toEqual([]);
    // The next group is unaffected.
    expect(await batch.hold(hold('g'), null, times)).toEqual({ accepted: true, count: 1 });
  });
});
