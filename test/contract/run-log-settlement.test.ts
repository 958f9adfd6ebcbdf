import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/adapters/db/open-database.ts';
import { BatchingRunRepository } from '../../src/adapters/db/repositories/batching-run-repository.ts';
import { KyselyRunRepository } from '../../src/adapters/db/repositories/run-repository.ts';
import { SqlQuotaLedger } from '../../src/adapters/db/repositories/sql-quota-ledger.ts';
import type { QuotaSettlement } from '../../src/ports/quota-ledger.ts';
import type { RunRecord } from '../../src/ports/run-repository.ts';
import { dialects, ensureTestAccount, freshMigratedDatabase } from '../support/test-databases.ts';

const minute = 60_000;
const start = new Date('2026-03-10T12:00:00.000Z');
const times = { holdExpiresAt: new Date(start.getTime() + minute), counterExpiresAt: new Date('2026-03-11T00:00:00.000Z') };
let sequence = 0;

/** The run log's write settles the quota holds of the runs it stores, on every database and in every batch. */
describe.each(dialects)('run log settling quota holds on %s', (dialect) => {
  let database: Database;
  let ledger: SqlQuotaLedger;
  let runs: KyselyRunRepository;

  beforeAll(async () => {
    database = await freshMigratedDatabase(dialect);
    await ensureTestAccount(database, 'acct-settle');
    ledger = new SqlQuotaLedger(database.db, database.dialect);
    runs = new KyselyRunRepository(database.db, database.dialect);
  });
  afterAll(async () => database.close());

  /** Holds `units` on the counter and returns the settlement a run keeping `kept` of them carries. */
  async function held(counterKey: string, units: number, kept: number): Promise<QuotaSettlement> {
    const id = `hold_settle_${(sequence += 1)}`;
    expect((await ledger.hold({ id, counterKey, units }, 100, times)).accepted).toBe(true);
    return { holdId: id, counterKey, keptUnits: kept, counterExpiresAt: times.counterExpiresAt.toISOString() };
  }

  const run = (quota: QuotaSettlement | undefined, status: RunRecord['status'] = 'succeeded'): RunRecord => ({
    id: `run_settle_${(sequence += 1)}`,
    accountId: 'acct-settle',
    surface: 'api',
    agent: 'summarize',
    model: 'openai/gpt-5-mini',
    provider: 'openai',
    status,
    errorCode: status === 'succeeded' ? null : 'safety_blocked',
    latencyMs: 120,
    inputTokens: 10,
    outputTokens: 20,
    costUsd: 0.0001,
    output: status === 'succeeded' ? '{"summary":"…"}' : null,
    requestId: null,
    createdAt: start.toISOString(),
    completedAt: start.toISOString(),
    ...(quota ? { quota } : {}),
  });

  const holdsLeft = async () => (await database.db.selectFrom('usage_holds').select('id').execute()).map((row) => row.id);

  it('ends every hold of a batch, keeps what the runs kept and gives back the rest, over several counters', async () => {
    const batch = [
      run(await held('day-a', 1, 1)),
      run(await held('day-a', 3, 2)),
      run(await held('day-a', 1, 0), 'blocked'),
      run(await held('day-b', 2, 0), 'blocked'),
      run(undefined),
    ];
    expect(await ledger.get('day-a')).toBe(5);
    expect(await ledger.get('day-b')).toBe(2);

    await runs.insertMany(batch);

    expect(await ledger.get('day-a')).toBe(3);
    expect(await ledger.get('day-b')).toBe(0);
    expect(await holdsLeft()).toEqual([]);
    for (const stored of batch) expect((await runs.findById(stored.id))?.status).toBe(stored.status);
  });

  it('counts again the units kept by a run whose hold expired and was given back, in the same batch as live holds', async () => {
    const expired = await held('day-c', 2, 2);
    const live = await held('day-c', 1, 0);
    await ledger.extend([live.holdId], new Date(start.getTime() + 10 * minute));
    // The expired hold's process was paused: its units went back before its run was recorded.
    expect(await ledger.reclaimExpired(new Date(start.getTime() + 2 * minute))).toBe(1);
    expect(await ledger.get('day-c')).toBe(1);
    // A counter that expired with its day and was purged is written anew by the kept units.
    const purged = await held('day-d', 1, 1);
    await ledger.release(purged.holdId);
    await database.db.deleteFrom('usage_counters').where('key', '=', 'day-d').execute();

    await runs.insertMany([run(expired), run(live, 'blocked'), run(purged)]);

    expect(await ledger.get('day-c')).toBe(2);
    expect(await ledger.get('day-d')).toBe(1);
    expect(await holdsLeft()).toEqual([]);
  });

  it('never takes a counter below zero when what goes back is more than it holds', async () => {
    const settlement = await held('day-e', 2, 0);
    await database.db.updateTable('usage_counters').set({ count: 1 }).where('key', '=', 'day-e').execute();
    await runs.insertMany([run(settlement, 'blocked')]);
    expect(await ledger.get('day-e')).toBe(0);
  });

  it('settles exactly through the batching writer, whatever batches concurrent inserts form', async () => {
    const batching = new BatchingRunRepository(runs);
    const settlements = await Promise.all(Array.from({ length: 30 }, (_, index) => held('day-f', 2, index % 3 === 0 ? 0 : index % 3)));
    await Promise.all(settlements.map((settlement) => batching.insert(run(settlement, settlement.keptUnits === 0 ? 'blocked' : 'succeeded'))));
    // 10 runs kept 1 unit, 10 kept 2, 10 kept none.
    expect(await ledger.get('day-f')).toBe(30);
    expect(await holdsLeft()).toEqual([]);
  });

  it('stores nothing and settles nothing when a batch fails, and the batching writer then stores the others alone', async () => {
    const stored = run(await held('day-g', 1, 1));
    await runs.insertMany([stored]);
    const fresh = await held('day-g', 1, 1);
    const batch = [run(fresh), { ...stored }];
    await expect(runs.insertMany(batch)).rejects.toThrow();
    expect(await ledger.get('day-g')).toBe(2);
    expect(await holdsLeft()).toEqual([fresh.holdId]);

    const batching = new BatchingRunRepository(runs);
    const outcomes = await Promise.allSettled(batch.map((record) => batching.insert(record)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
    expect(await ledger.get('day-g')).toBe(2);
    expect(await holdsLeft()).toEqual([]);
  });
});
