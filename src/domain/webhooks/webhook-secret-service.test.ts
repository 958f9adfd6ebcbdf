import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { InMemoryAccountRepository, InMemoryWebhookSecretRepository } from '../../../test/support/in-memory-repositories.ts';
import { AesGcmSecretCipher } from '../../adapters/secrets/aes-gcm-secret-cipher.ts';
import { AppError } from '../errors.ts';
import { WebhookSecretService } from './webhook-secret-service.ts';

async function setup() {
  const accounts = new InMemoryAccountRepository();
  const secrets = new InMemoryWebhookSecretRepository();
  let now = new Date('2026-06-01T12:00:00.000Z');
  const clock = { now: () => now };
  const cipher = new AesGcmSecretCipher(randomBytes(32));
  await accounts.ensure({ id: 'acct-1', apiPlan: 'free', v1Plan: 'free', createdAt: '2026-01-01T00:00:00.000Z' });
  const service = new WebhookSecretService({ secrets, cipher, accounts, clock });
  return { secrets, service, advanceTo: (at: string) => (now = new Date(at)) };
}

describe('WebhookSecretService', () => {
  it('creates a whsec_ secret of 24 random bytes and stores it only encrypted', async () => {
    const { secrets, service } = await setup();
    const created = await service.rotate('acct-1');
    expect(created).toEqual({ secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/), createdAt: '2026-06-01T12:00:00.000Z', rotated: false });
    expect(Buffer.from(created.secret.slice('whsec_'.length), 'base64')).toHaveLength(24);

    const stored = secrets.records.get('acct-1');
    expect(stored).toEqual({ accountId: 'acct-1', ciphertext: expect.stringMatching(/^v1\./), createdAt: '2026-06-01T12:00:00.000Z', rotatedAt: null });
    expect(JSON.stringify(stored)).not.toContain(created.secret.slice('whsec_'.length));
    expect(await service.secretOf('acct-1')).toBe(created.secret);
  });

  it('replaces the secret on rotation: the old one is gone, the first creation time kept', async () => {
    const { secrets, service, advanceTo } = await setup();
    const first = await service.rotate('acct-1');
    advanceTo('2026-06-03T08:00:00.000Z');
    const second = await service.rotate('acct-1');
    expect(second).toMatchObject({ createdAt: '2026-06-03T08:00:00.000Z', rotated: true });
    expect(second.secret).not.toBe(first.secret);
    expect(await service.secretOf('acct-1')).toBe(second.secret);
    expect(secrets.records.get('acct-1')).toMatchObject({ createdAt: '2026-06-01T12:00:00.000Z', rotatedAt: '2026-06-03T08:00:00.000Z' });
  });

  it('answers undefined for an account without a secret', async () => {
    const { service } = await setup();
    expect(await service.secretOf('acct-1')).toBeUndefined();
    expect(await service.secretOf('nobody')).toBeUndefined();
  });

  it('refuses an account that does not exist, storing nothing', async () => {
    const { secrets, service } = await setup();
    const failure = await service.rotate('nobody').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe('not_found');
    expect(secrets.records.size).toBe(0);
  });

  it('fails loudly when the stored secret was altered', async () => {
    const { secrets, service } = await setup();
    await service.rotate('acct-1');
    const record = secrets.records.get('acct-1');
    if (!record) throw new Error('expected a stored secret');
    const parts = record.ciphertext.split('.');
    const ciphertext = Buffer.from(parts[2] as string, 'base64url');
    ciphertext[0] = (ciphertext[0] as number) ^ 0x01;
    parts[2] = ciphertext.toString('base64url');
    await secrets.save({ ...record, ciphertext: parts.join('.') });
    await expect(service.secretOf('acct-1')).rejects.toThrow(/could not be decrypted/);
  });
});
