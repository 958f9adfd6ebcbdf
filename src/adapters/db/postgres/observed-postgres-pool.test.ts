import type { Pool, PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../../../domain/database-unavailable.ts';
import { DatabaseAvailability } from '../database-availability.ts';
import { ObservedPostgresPool } from './observed-postgres-pool.ts';

const queueTimeout = () => new Error('timeout exceeded when trying to connect');
const connectTimeout = () => new Error('Connection terminated due to connection timeout');

/** A pg pool whose connects play the given outcomes in turn, each after its delay. */
function fakePool(limitMs: number, outcomes: { afterMs: number; error?: Error }[], statement: { afterMs: number; error?: Error } = { afterMs: 0 }) {
  let calls = 0;
  const query = async () => {
    await new Promise((resolve) => setTimeout(resolve, statement.afterMs));
    if (statement.error) throw statement.error;
    return { rows: [] };
  };
  const client = { on: () => undefined, release: () => undefined, query } as unknown as PoolClient;
  const pool = {
    options: { connectionTimeoutMillis: limitMs, query_timeout: limitMs },
    on: () => pool,
    connect: async () => {
      const outcome = outcomes[calls] ?? { afterMs: 0 };
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, outcome.afterMs));
      if (outcome.error) throw outcome.error;
      return client;
    },
  };
  return { pool: pool as unknown as Pool, calls: () => calls };
}

function observe(pool: Pool) {
  const availability = new DatabaseAvailability({ ask: async () => undefined });
  return { availability, observed: new ObservedPostgresPool(pool, availability, () => undefined) };
}

describe('the observed pg pool', () => {
  it('waits once more for a client of a full pool while the database keeps answering, and does not call it silent', async () => {
    const { pool, calls } = fakePool(20, [{ afterMs: 20, error: queueTimeout() }, { afterMs: 0 }]);
    const { availability, observed } = observe(pool);
    availability.answered();
    await expect(observed.connect()).resolves.toBeDefined();
    expect(calls()).toBe(2);
    expect(availability.knownSilent()).toBe(false);
  });

  it('answers 503 for a full pool when the database has not answered lately, still without calling it silent', async () => {
    const { pool, calls } = fakePool(20, [{ afterMs: 20, error: queueTimeout() }]);
    const { availability, observed } = observe(pool);
    await expect(observed.connect()).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(calls()).toBe(1);
    expect(availability.knownSilent()).toBe(false);
  });

  it("tries a connect again whose time limit fired long after it was due (the process's own stall)", async () => {
    const { pool, calls } = fakePool(20, [{ afterMs: 320, error: connectTimeout() }, { afterMs: 0 }]);
    const { availability, observed } = observe(pool);
    await expect(observed.connect()).resolves.toBeDefined();
    expect(calls()).toBe(2);
    expect(availability.knownSilent()).toBe(false);
  });

  it('takes a connect that timed out when due as silence: the next connect fails at once', async () => {
    const { pool, calls } = fakePool(20, [{ afterMs: 20, error: connectTimeout() }]);
    const { availability, observed } = observe(pool);
    await expect(observed.connect()).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(availability.knownSilent()).toBe(true);
    await expect(observed.connect()).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(calls()).toBe(1);
  });

  it('fails a statement whose time limit fired long after it was due, without calling the database silent', async () => {
    const { pool } = fakePool(20, [], { afterMs: 320, error: new Error('Query read timeout') });
    const { availability, observed } = observe(pool);
    const client = await observed.connect();
    await expect(client.query('select 1', [])).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(availability.knownSilent()).toBe(false);
  });

  it('takes a statement that timed out when due as silence', async () => {
    const { pool } = fakePool(20, [], { afterMs: 20, error: new Error('Query read timeout') });
    const { availability, observed } = observe(pool);
    const client = await observed.connect();
    await expect(client.query('select 1', [])).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(availability.knownSilent()).toBe(true);
  });
});
