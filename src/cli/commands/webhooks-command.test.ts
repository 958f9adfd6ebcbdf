import { describe, expect, it } from 'vitest';
import { InMemoryAccountRepository, InMemoryWebhookSecretRepository } from '../../../test/support/in-memory-repositories.ts';
import { WebhookSecretService } from '../../domain/webhooks/webhook-secret-service.ts';
import type { SecretCipher } from '../../ports/secret-cipher.ts';
import { UsageError, type CliIo } from '../cli-io.ts';
import { runWebhooksCommand } from './webhooks-command.ts';

/** Reversible stand-in: commands reach adapters only through services, and encryption has its own tests. */
const reversingCipher: SecretCipher = {
  encrypt: (plaintext) => [...plaintext].reverse().join(''),
  decrypt: (ciphertext) => [...ciphertext].reverse().join(''),
};

async function setup() {
  const accounts = new InMemoryAccountRepository();
  await accounts.ensure({ id: 'team-a', apiPlan: 'free', v1Plan: 'free', createdAt: '2026-01-01T00:00:00.000Z' });
  const secrets = new WebhookSecretService({
    secrets: new InMemoryWebhookSecretRepository(),
    cipher: reversingCipher,
    accounts,
    clock: { now: () => new Date('2026-06-01T12:00:00.000Z') },
  });
  const written = { out: [] as string[], error: [] as string[] };
  const io: CliIo = { out: (text) => written.out.push(text), write: (text) => written.out.push(text), error: (text) => written.error.push(text), outIsTerminal: false };
  return { secrets, io, written };
}

describe('agentapi webhooks secret', () => {
  it('prints a new secret alone on standard output, the explanation on standard error', async () => {
    const { secrets, io, written } = await setup();
    expect(await runWebhooksCommand(['secret', '--user', 'team-a'], secrets, io)).toBe(0);
    expect(written.out).toEqual([expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/)]);
    expect(written.error.join('\n')).toMatch(/^Created the webhook signing secret for user team-a\. .*\nThis is the only time the secret is shown; it is stored encrypted\.$/);
    expect(await secrets.secretOf('team-a')).toBe(written.out[0]);
  });

  it('says so when it replaces an existing secret', async () => {
    const { secrets, io, written } = await setup();
    await runWebhooksCommand(['secret', '--user', 'team-a'], secrets, io);
    await runWebhooksCommand(['secret', '--user', 'team-a'], secrets, io);
    expect(written.out).toHaveLength(2);
    expect(written.out[1]).not.toBe(written.out[0]);
    expect(written.error[1]).toMatch(/^Rotated the webhook signing secret for user team-a; deliveries are signed with the new one from now on/);
  });

  it('prints exactly {"secret":…} with --json', async () => {
    const { secrets, io, written } = await setup();
    await runWebhooksCommand(['secret', '--user', 'team-a', '--json'], secrets, io);
    expect(written.out).toHaveLength(1);
    expect(written.out[0]).toMatch(/^\{"secret":"whsec_[A-Za-z0-9+/]{32}"\}$/);
    expect(written.error).toEqual([]);
    expect(await secrets.secretOf('team-a')).toBe(JSON.parse(written.out[0] as string).secret);
  });

  it('is a usage error without an action, with an unknown one, or without --user', async () => {
    const { secrets, io } = await setup();
    await expect(runWebhooksCommand([], secrets, io)).rejects.toThrow(new UsageError('Missing webhooks action'));
    await expect(runWebhooksCommand(['list'], secrets, io)).rejects.toThrow(new UsageError('Unknown webhooks action "list"'));
    await expect(runWebhooksCommand(['secret'], secrets, io)).rejects.toThrow(new UsageError('--user <id> is required'));
    await expect(runWebhooksCommand(['secret', '--user', 'team-a', '--plan', 'x'], secrets, io)).rejects.toMatchObject({ code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' });
  });

  it('fails for a user that has no account', async () => {
    const { secrets, io, written } = await setup();
    await expect(runWebhooksCommand(['secret', '--user', 'nobody'], secrets, io)).rejects.toMatchObject({ code: 'not_found' });
    expect(written.out).toEqual([]);
  });
});
