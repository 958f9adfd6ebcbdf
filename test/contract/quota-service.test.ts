import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/adapters/db/migrator.ts';
import { openDatabase, type Database } from '../../src/adapters/db/open-database.ts';
import { settleHolds } from '../../src/adapters/db/repositories/quota-holds.ts';
import { SqlQuotaLedger } from '../../src/adapters/db/repositories/sql-quota-ledger.ts';
import { AppError } from '../../src/domain/errors.ts';
import { buildPlanTables } from '../../src/domain/quotas/plan-table.ts';
import { QuotaService, type QuotaReservation } from '../../src/domain/quotas/quota-service.ts';
import type { Account } from '../../src/ports/account-repository.ts';
import type { QuotaLedger, QuotaSettlement } from '../../src/ports/quota-ledger.ts';
import { freshDatabaseUrl } from '../support/test-databases.ts';

const plans = buildPlanTables(
  {
    defaultPlans: { api: 'free', v1: 'free' },
    api: { free: { name: 'Free', priceUsdPerMonth: 0, dailyLimit: 25 } },
    v1: { free: { name: 'Free', priceUsdPerMonth: 0, dailyLimit: 100 }, enterprise: { name: 'Enterprise', priceUsdPerMonth: null, dailyLimit: null } },
  },
  'plans.yaml',
);

/** A clock the test moves. */
class TestClock {
  current = new Date('2026-03-10T23:59:58.000Z');
  now(): Date {
    return this.current;
  }
}

interface Store {
  ledger: () => QuotaLedger;
  /** Settles holds as the records of their work do. */
  record(settlements: QuotaSettlement[]): Promise<void>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

async function sqlStore(dialect: 'sqlite' | 'postgres'): Promise<Store> {
  const url = await freshDatabaseUrl(dialect);
  let database: Database = await openDatabase(url);
  await migrateToLatest(database);
  return {
    ledger: () => new SqlQuotaLedger(database.db, database.dialect),
    record: (settlements) => settleHolds(database.db, settlements),
    async restart() {
      await database.close();
      database = await openDatabase(url);
    },
    close: () => database.close(),
  };
}

const stores = { sqlite: () => sqlStore('sqlite'), postgres: () => sqlStore('postgres') };

describe.each(Object.keys(stores) as (keyof typeof stores)[])('daily quotas on %s', (name) => {
  let store: Store;
  const clock = new TestClock();
  const service = () => new QuotaService({ ledger: store.ledger(), plans, clock, holdMs: 60_000 });
  const account = (id: string, v1Plan = 'free'): Account => ({ id, apiPlan: 'free', v1Plan, createdAt: '2026-01-01T00:00:00.000Z' });

  beforeAll(async () => {
    store = await stores[name]();
  });
  afterAll(async () => store.close());

  it('with N remaining, N+20 simultaneous requests give exactly N successes and 20 refusals, and the counter equals the limit', async () => {
    clock.current = new Date('2026-03-10T12:00:00.000Z');
    const quotas = service();
    const owner = account('concurrent');
    const reservations: QuotaReservation[] = [];
    for (let index = 0; index < 10; index += 1) reservations.push(await quotas.reserve(owner, 'api'));
    const remaining = 15;
    const outcomes = await Promise.allSettled(Array.from({ length: remaining + 20 }, () => quotas.reserve(owner, 'api')));
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    const accepted = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    expect(accepted).toHaveLength(remaining);
    expect(refused).toHaveLength(20);
    for (const outcome of refused) expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: 'quota_exceeded' });
    expect((await quotas.snapshot(owner, 'api')).used).toBe(25);
    // Recorded, the units stay counted for the rest of the day.
    await store.record([...reservations, ...accepted].map((reservation) => reservation.settle(1)));
    expect((await quotas.snapshot(owner, 'api')).used).toBe(25);
  });

  it('refuses with the contract’s 429 body, in daily words', async () => {
    clock.current = new Date('2026-03-10T12:00:00.000Z');
    const error = (await service().reserve(account('concurrent'), 'api').catch((caught: unknown) => caught)) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.message).toMatch(/daily|per day/i);
    expect(error.message).not.toMatch(/month/i);
    expect(error.details).toEqual({ usage: { used: 25, limit: 25, plan: 'free' }, upgradeUrl: '/pricing', resetAt: '2026-03-11T00:00:00.000Z' });
    expect(error.retryAfterSeconds).toBe(12 * 3600);
  });

  it('gives back what was released, and counts each surface separately', async () => {
    clock.current = new Date('2026-03-10T12:00:00.000Z');
    const quotas = service();
    const owner = account('releaser');
    const reservation = await quotas.reserve(owner, 'api', 3);
    expect(reservation.snapshot).toMatchObject({ used: 3, remaining: 22, limit: 25 });
    await reservation.release();
    await reservation.release();
    expect((await quotas.snapshot(owner, 'api')).used).toBe(0);
    await quotas.reserve(owner, 'v1');
    expect((await quotas.snapshot(owner, 'v1')).used).toBe(1);
    expect((await quotas.snapshot(owner, 'api')).used).toBe(0);
  });

  it('gives back the units of a process that died holding them, once the hold expires; a live hold stays', async () => {
    clock.current = new Date('2026-03-10T12:00:00.000Z');
    const owner = account('crashed');
    // Another process's service, gone before settling: its hold is never extended.
    await service().reserve(owner, 'api', 2);
    clock.current = new Date('2026-03-10T12:00:30.000Z');
    const quotas = service();
    const live = await quotas.reserve(owner, 'api');
    expect(live.snapshot.used).toBe(3);
    clock.current = new Date('2026-03-10T12:01:10.000Z');
    expect(await quotas.reclaimExpired()).toBeGreaterThanOrEqual(1);
    expect((await quotas.snapshot(owner, 'api')).used).toBe(1);
    await live.release();
  });

  it('gives back expired holds before refusing: a limit used up by dead processes is free again', async () => {
    clock.current = new Date('2026-03-10T12:00:00.000Z');
    const owner = account('refilled');
    await service().reserve(owner, 'api', 25);
    clock.current = new Date('2026-03-10T12:02:00.000Z');
    const reservation = await service().reserve(owner, 'api');
    expect(reservation.snapshot.used).toBe(1);
    await reservation.release();
  });

  it('never refuses an unlimited plan, and still counts it', async () => {
    clock.current = new Date('2026-03-10T12:00:00.000Z');
    const quotas = service();
    const owner = account('big', 'enterprise');
    for (let index = 0; index < 120; index += 1) await quotas.reserve(owner, 'v1');
    expect(await quotas.snapshot(owner, 'v1')).toMatchObject({ used: 120, limit: null, remaining: null });
  });

  it('keeps the count across a restart', async () => {
    clock.current = new Date('2026-03-10T12:00:00.000Z');
    await store.restart();
    expect((await service().snapshot(account('concurrent'), 'api')).used).toBe(25);
  });

  it('starts a new day at UTC midnight', async () => {
    clock.current = new Date('2026-03-10T23:59:59.000Z');
    const quotas = service();
    await expect(quotas.reserve(account('concurrent'), 'api')).rejects.toMatchObject({ code: 'quota_exceeded' });
    clock.current = new Date('2026-03-11T00:00:00.000Z');
    const reservation = await quotas.reserve(account('concurrent'), 'api');
    expect(reservation.snapshot).toMatchObject({ used: 1, remaining: 24, resetAt: new Date('2026-03-12T00:00:00.000Z') });
  });
});
