import type { Kysely } from 'kysely';
import type { QuotaSettlement } from '../../../ports/quota-ledger.ts';
import type { DatabaseSchema } from '../database-schema.ts';

/** A database handle or a transaction on it: settling belongs in the transaction that records the work. */
type Executor = Kysely<DatabaseSchema>;

interface CounterChange {
  delta: number;
  /** Used only when a counter must be written anew (see QuotaSettlement). */
  expiresAt: string;
}

/**
 * Ends the holds of recorded work, in the transaction that records it: units held and not kept go back;
 * units kept of a hold that is gone (it expired and was given back while its process was paused) count
 * again. Either way the counter ends up equal to what recorded work kept.
 */
export async function settleHolds(executor: Executor, settlements: readonly QuotaSettlement[]): Promise<void> {
  if (settlements.length === 0) return;
  const ended = await executor
    .deleteFrom('usage_holds')
    .where(
      'id',
      'in',
      settlements.map((settlement) => settlement.holdId),
    )
    .returning(['id', 'units'])
    .execute();
  const held = new Map(ended.map((row) => [row.id, Number(row.units)]));
  const changes = new Map<string, CounterChange>();
  for (const settlement of settlements) {
    const heldUnits = held.get(settlement.holdId);
    const delta = heldUnits === undefined ? settlement.keptUnits : settlement.keptUnits - heldUnits;
    addChange(changes, settlement.counterKey, delta, settlement.counterExpiresAt);
  }
  await applyChanges(executor, changes);
}

/** Gives back the units of holds that ended without their work being recorded (released, or expired). */
export async function giveBack(executor: Executor, ended: readonly { counter_key: string; units: number }[]): Promise<void> {
  const changes = new Map<string, CounterChange>();
  for (const row of ended) addChange(changes, row.counter_key, -Number(row.units), '');
  await applyChanges(executor, changes);
}

/** Takes units off a counter (never below zero), in the caller's transaction: a refund of recorded work. */
export async function takeOffCounter(executor: Executor, counterKey: string, units: number): Promise<void> {
  const changes = new Map<string, CounterChange>();
  addChange(changes, counterKey, -units, '');
  await applyChanges(executor, changes);
}

function addChange(changes: Map<string, CounterChange>, counterKey: string, delta: number, expiresAt: string): void {
  if (delta === 0) return;
  const change = changes.get(counterKey);
  if (change) change.delta += delta;
  else changes.set(counterKey, { delta, expiresAt });
}

/** Counters in key order, so concurrent transactions lock their rows in the same order. */
async function applyChanges(executor: Executor, changes: Map<string, CounterChange>): Promise<void> {
  for (const key of [...changes.keys()].sort()) {
    const { delta, expiresAt } = changes.get(key) as CounterChange;
    if (delta === 0) continue;
    if (delta > 0) {
      await executor
        .insertInto('usage_counters')
        .values({ key, count: delta, expires_at: expiresAt })
        .onConflict((conflict) => conflict.column('key').doUpdateSet((eb) => ({ count: eb('usage_counters.count', '+', eb.ref('excluded.count')) })))
        .execute();
      continue;
    }
    await executor
      .updateTable('usage_counters')
      // CASE rather than max()/greatest(): the same SQL on SQLite and PostgreSQL.
      .set((eb) => ({ count: eb.case().when(eb('count', '+', delta), '<', 0).then(0).else(eb('count', '+', delta)).end() }))
      .where('key', '=', key)
      .execute();
  }
}
