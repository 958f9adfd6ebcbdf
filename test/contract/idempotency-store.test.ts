import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/adapters/db/open-database.ts';
import { KyselyIdempotencyStore } from '../../src/adapters/db/repositories/idempotency-key-repository.ts';
import type { StoredResponse } from '../../src/ports/idempotency-store.ts';
import { dialects, ensureTestAccount, freshMigratedDatabase } from '../support/test-databases.ts';

const now = '2026-06-01T12:00:00.000Z';
const expiresAt = '2026-06-02T12:00:00.000Z';
const staleBefore = '2026-06-01T11:50:00.000Z';
const response: StoredResponse = {
  statusCode: 202,
  headers: { 'content-type': 'application/json; charset=utf-8', location: '/api/playbooks/runs/pbr_1' },
  body: '{"success":true,"data":{"runId":"pbr_1","note":"ünïcödé"}}',
};

/** The idempotency store contract: every database implementation must pass the same cases. */
describe.each(dialects)('idempotency store on %s', (dialect) => {
  let database: Database;
  let store: KyselyIdempotencyStore;

  beforeAll(async () => {
    database = await freshMigratedDatabase(dialect);
    store = new KyselyIdempotencyStore(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  function account(id: string): Promise<string> {
    return ensureTestAccount(database, id);
  }

  function claim(accountId: string, key: string, fingerprint = 'fingerprint-a', at: Partial<{ now: string; expiresAt: string; staleBefore: string }> = {}) {
    return store.claim({ accountId, key, fingerprint, now, expiresAt, staleBefore, ...at });
  }

  it('starts the first claim of a key', async () => {
    const accountId = await account('first-claim');
    expect(await claim(accountId, 'key-1')).toEqual({ outcome: 'started' });
    const row = await database.db.selectFrom('idempotency_keys').selectAll().where('account_id', '=', accountId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ key: 'key-1', fingerprint: 'fingerprint-a', status: 'in_flight', created_at: now, expires_at: expiresAt, response_body: null });
  });

  it('answers in_flight to the same request while the first is running', async () => {
    const accountId = await account('in-flight');
    await claim(accountId, 'key-1');
    expect(await claim(accountId, 'key-1')).toEqual({ outcome: 'in_flight' });
  });

  it('answers mismatch to another request with the key, running or completed', async () => {
    const accountId = await account('mismatch');
    await claim(accountId, 'key-1');
    expect(await claim(accountId, 'key-1', 'fingerprint-b')).toEqual({ outcome: 'mismatch' });
    await store.complete(accountId, 'key-1', response);
    expect(await claim(accountId, 'key-1', 'fingerprint-b')).toEqual({ outcome: 'mismatch' });
  });

  it('replays exactly the stored response after completion', async () => {
    const accountId = await account('completed');
    await claim(accountId, 'key-1');
    await store.complete(accountId, 'key-1', response);
    expect(await claim(accountId, 'key-1')).toEqual({ outcome: 'completed', response });
    expect(await claim(accountId, 'key-1')).toEqual({ outcome: 'completed', response });
  });

  it('lets the key be claimed again after a release', async () => {
    const accountId = await account('released');
    await claim(accountId, 'key-1');
    await store.release(accountId, 'key-1');
    expect(await claim(accountId, 'key-1', 'fingerprint-b')).toEqual({ outcome: 'started' });
  });

  it('does not release a completed key', async () => {
    const accountId = await account('release-completed');
    await claim(accountId, 'key-1');
    await store.complete(accountId, 'key-1', response);
    await store.release(accountId, 'key-1');
    expect(await claim(accountId, 'key-1')).toEqual({ outcome: 'completed', response });
  });

  it('replaces an expired record, completed or not', async () => {
    const accountId = await account('expired');
    await claim(accountId, 'done', 'fingerprint-a', { now: '2026-05-30T12:00:00.000Z', expiresAt: '2026-05-31T12:00:00.000Z', staleBefore: '2026-05-30T11:50:00.000Z' });
    await store.complete(accountId, 'done', response);
    expect(await claim(accountId, 'done', 'fingerprint-b')).toEqual({ outcome: 'started' });
    const row = await database.db.selectFrom('idempotency_keys').selectAll().where('account_id', '=', accountId).where('key', '=', 'done').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ fingerprint: 'fingerprint-b', status: 'in_flight', created_at: now, expires_at: expiresAt, response_status: null });
  });

  it('takes over a request in flight since before staleBefore, but not a fresh one', async () => {
    const accountId = await account('stale');
    await claim(accountId, 'abandoned', 'fingerprint-a', { now: '2026-06-01T11:45:00.000Z' });
    await claim(accountId, 'running', 'fingerprint-a', { now: '2026-06-01T11:55:00.000Z' });
    expect(await claim(accountId, 'abandoned')).toEqual({ outcome: 'started' });
    expect(await claim(accountId, 'running')).toEqual({ outcome: 'in_flight' });
    // A completed record is kept for its whole time to live, however old.
    await claim(accountId, 'finished', 'fingerprint-a', { now: '2026-06-01T08:00:00.000Z' });
    await store.complete(accountId, 'finished', response);
    expect(await claim(accountId, 'finished')).toEqual({ outcome: 'completed', response });
  });

  it('keeps the keys of each account apart', async () => {
    const one = await account('tenant-one');
    const two = await account('tenant-two');
    expect(await claim(one, 'shared-key')).toEqual({ outcome: 'started' });
    expect(await claim(two, 'shared-key', 'fingerprint-b')).toEqual({ outcome: 'started' });
    await store.complete(one, 'shared-key', response);
    expect(await claim(two, 'shared-key', 'fingerprint-b')).toEqual({ outcome: 'in_flight' });
  });

  it('gives exactly one of 10 concurrent claims of a key the start', async () => {
    const accountId = await account('concurrent');
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => claim(accountId, 'race')));
    expect(outcomes.filter((outcome) => outcome.outcome === 'started')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.outcome === 'in_flight')).toHaveLength(9);
  });

  it('gives exactly one of 10 concurrent claims the takeover of an abandoned key', async () => {
    const accountId = await account('concurrent-takeover');
    await claim(accountId, 'race', 'fingerprint-a', { now: '2026-06-01T11:00:00.000Z' });
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => claim(accountId, 'race')));
    expect(outcomes.filter((outcome) => outcome.outcome === 'started')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.outcome === 'in_flight')).toHaveLength(9);
  });

  it('purges only expired records and counts them', async () => {
    const accountId = await account('purge');
    const later = { now: '2026-07-01T00:00:00.000Z' };
    await claim(accountId, 'old-1', 'fingerprint-a', { expiresAt: '2026-06-30T00:00:00.000Z' });
    await claim(accountId, 'old-2', 'fingerprint-a', { expiresAt: '2026-06-30T12:00:00.000Z' });
    await store.complete(accountId, 'old-2', response);
    await claim(accountId, 'current', 'fingerprint-a', { expiresAt: '2026-07-01T12:00:00.000Z' });
    // The other cases' records share this database and have expired by then as well.
    const expiredElsewhere = await database.db.selectFrom('idempotency_keys').select('key').where('account_id', '!=', accountId).where('expires_at', '<=', later.now).execute();
    expect(await store.purgeExpired(later.now)).toBe(2 + expiredElsewhere.length);
    const left = await database.db.selectFrom('idempotency_keys').select('key').where('account_id', '=', accountId).execute();
    expect(left.map((row) => row.key)).toEqual(['current']);
    expect(await store.purgeExpired(later.now)).toBe(0);
  });
});
