import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/adapters/db/open-database.ts';
import { KyselyWebhookSecretRepository } from '../../src/adapters/db/repositories/webhook-secret-repository.ts';
import { dialects, ensureTestAccount, freshMigratedDatabase } from '../support/test-databases.ts';

/** The webhook secret repository contract: every database implementation must pass the same cases. */
describe.each(dialects)('webhook secret repository on %s', (dialect) => {
  let database: Database;
  let secrets: KyselyWebhookSecretRepository;

  beforeAll(async () => {
    database = await freshMigratedDatabase(dialect);
    secrets = new KyselyWebhookSecretRepository(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  function account(id: string): Promise<string> {
    return ensureTestAccount(database, id);
  }

  it('finds nothing for an account without a secret', async () => {
    expect(await secrets.find(await account('no-secret'))).toBeUndefined();
    expect(await secrets.find('no-such-account')).toBeUndefined();
  });

  it('stores a secret and finds it again', async () => {
    const record = { accountId: await account('first'), ciphertext: 'v1.aaa.bbb.ccc', createdAt: '2026-06-01T12:00:00.000Z', rotatedAt: null };
    await secrets.save(record);
    expect(await secrets.find('first')).toEqual(record);
  });

  it('replaces the secret on a second save, keeping one row per account', async () => {
    const accountId = await account('rotating');
    await secrets.save({ accountId, ciphertext: 'v1.old.old.old', createdAt: '2026-06-01T12:00:00.000Z', rotatedAt: null });
    const rotated = { accountId, ciphertext: 'v1.new.new.new', createdAt: '2026-06-01T12:00:00.000Z', rotatedAt: '2026-06-02T08:30:00.000Z' };
    await secrets.save(rotated);
    expect(await secrets.find(accountId)).toEqual(rotated);
    const rows = await database.db.selectFrom('webhook_secrets').selectAll().where('account_id', '=', accountId).execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps accounts apart', async () => {
    const one = await account('tenant-one');
    const two = await account('tenant-two');
    await secrets.save({ accountId: one, ciphertext: 'v1.one.one.one', createdAt: '2026-06-01T12:00:00.000Z', rotatedAt: null });
    await secrets.save({ accountId: two, ciphertext: 'v1.two.two.two', createdAt: '2026-06-01T12:00:00.000Z', rotatedAt: null });
    expect((await secrets.find(one))?.ciphertext).toBe('v1.one.one.one');
    expect((await secrets.find(two))?.ciphertext).toBe('v1.two.two.two');
  });

  it('refuses a secret for an account that does not exist', async () => {
    await expect(secrets.save({ accountId: 'ghost', ciphertext: 'v1.x.x.x', createdAt: '2026-06-01T12:00:00.000Z', rotatedAt: null })).rejects.toThrow();
    expect(await secrets.find('ghost')).toBeUndefined();
  });
});
