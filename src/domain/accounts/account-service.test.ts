import { describe, expect, it } from 'vitest';
import { InMemoryAccountRepository, InMemoryApiKeyRepository } from '../../../test/support/in-memory-repositories.ts';
import type { TokenVerifier } from '../../ports/token-verifier.ts';
import { AppError } from '../errors.ts';
import { buildPlanTables } from '../quotas/plan-table.ts';
import { AccountService } from './account-service.ts';

const plans = buildPlanTables(
  {
    defaultPlans: { api: 'free', v1: 'free' },
    api: { free: { name: 'Free', priceUsdPerMonth: 0, dailyLimit: 50 }, growth: { name: 'Growth', priceUsdPerMonth: 49, dailyLimit: 500 } },
    v1: { free: { name: 'Free', priceUsdPerMonth: 0, dailyLimit: 100 }, pro: { name: 'Pro', priceUsdPerMonth: null, dailyLimit: 10000 } },
  },
  'plans.yaml',
);

const jwtVerifier: TokenVerifier = {
  verify: async (token) => (token === 'header.valid.signature' ? { subject: 'auth0|42' } : undefined),
};

function service(tokenVerifier?: TokenVerifier) {
  const accounts = new InMemoryAccountRepository();
  const apiKeys = new InMemoryApiKeyRepository();
  const clock = { now: () => new Date('2026-06-01T12:00:00.000Z') };
  return { accounts, apiKeys, service: new AccountService({ accounts, apiKeys, plans, clock, tokenVerifier }) };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return 'resolved';
}

describe('AccountService', () => {
  it('creates a key once, stores only its hash, and authenticates with it', async () => {
    const { service: accounts, apiKeys } = service();
    const created = await accounts.createKey({ accountId: 'u1', apiPlan: 'growth', name: 'ci' });
    expect(created).toMatchObject({ user: 'u1', apiPlan: 'growth', v1Plan: 'free', name: 'ci', prefix: created.key.slice(0, 20) });
    const stored = [...apiKeys.keys.values()];
    expect(JSON.stringify(stored)).not.toContain(created.key);
    const authenticated = await accounts.authenticate(created.key);
    expect(authenticated).toMatchObject({ method: 'api_key', keyPrefix: created.prefix, account: { id: 'u1', apiPlan: 'growth' } });
  });

  it('lists every problem with a key request', async () => {
    const { service: accounts } = service();
    try {
      await accounts.createKey({ accountId: 'has spaces', apiPlan: 'gold', v1Plan: 'platinum', name: '' });
      throw new Error('expected invalid_request');
    } catch (error) {
      expect((error as AppError).details.issues).toHaveLength(4);
    }
  });

  it('changes an existing account’s plan when a new key names one', async () => {
    const { service: accounts } = service();
    await accounts.createKey({ accountId: 'u2' });
    const second = await accounts.createKey({ accountId: 'u2', v1Plan: 'pro' });
    expect(second).toMatchObject({ apiPlan: 'free', v1Plan: 'pro' });
  });

  it('refuses missing, malformed, unknown, tampered and revoked keys with unauthorized', async () => {
    const { service: accounts } = service();
    const { key, prefix } = await accounts.createKey({ accountId: 'u3' });
    expect(await codeOf(accounts.authenticate(undefined))).toBe('unauthorized');
    expect(await codeOf(accounts.authenticate('not-a-key'))).toBe('unauthorized');
    expect(await codeOf(accounts.authenticate(`${prefix}${'x'.repeat(32)}`))).toBe('unauthorized');
    expect(await codeOf(accounts.authenticate(`ak_live_${'Z'.repeat(44)}`))).toBe('unauthorized');
    await accounts.revokeKey(prefix);
    expect(await codeOf(accounts.authenticate(key))).toBe('unauthorized');
    expect(await codeOf(accounts.revokeKey(prefix))).toBe('not_found');
  });

  it('accepts a verified JWT and creates its account on the default plans at first sight', async () => {
    const { service: accounts, accounts: repository } = service(jwtVerifier);
    const authenticated = await accounts.authenticate('header.valid.signature');
    expect(authenticated).toMatchObject({ method: 'jwt', account: { id: 'auth0|42', apiPlan: 'free', v1Plan: 'free' } });
    expect(repository.accounts.size).toBe(1);
    expect(await codeOf(accounts.authenticate('header.forged.signature'))).toBe('unauthorized');
  });

  it('keeps accounts out of the namespace anonymous callers are filed under', async () => {
    const anonymousLike: TokenVerifier = { verify: async () => ({ subject: 'anonymous:0123456789abcdef01234567' }) };
    const { service: accounts, accounts: repository } = service(anonymousLike);
    expect(await codeOf(accounts.authenticate('header.valid.signature'))).toBe('unauthorized');
    expect(await codeOf(accounts.createKey({ accountId: 'anonymous:0123456789abcdef01234567' }))).toBe('invalid_request');
    expect(await codeOf(accounts.createKey({ accountId: 'ANONYMOUS:abc' }))).toBe('invalid_request');
    expect(await repository.findById('anonymous:0123456789abcdef01234567')).toBeUndefined();
    // The word alone, or elsewhere in an id, reserves nothing.
    expect(await codeOf(accounts.createKey({ accountId: 'anonymous' }))).toBe('resolved');
    expect(await codeOf(accounts.createKey({ accountId: 'team-anonymous:1' }))).toBe('resolved');
  });

  it('treats JWT-looking tokens as invalid when no identity provider is configured', async () => {
    const { service: accounts } = service();
    expect(await codeOf(accounts.authenticate('header.valid.signature'))).toBe('unauthorized');
  });

  describe('with a cache of verified keys', () => {
    function cachedService() {
      let now = new Date('2026-06-01T12:00:00.000Z');
      const accounts = new InMemoryAccountRepository();
      const apiKeys = new InMemoryApiKeyRepository();
      let lookups = 0;
      const findByPrefix = apiKeys.findByPrefix.bind(apiKeys);
      apiKeys.findByPrefix = async (prefix) => {
        lookups += 1;
        return findByPrefix(prefix);
      };
      const service = new AccountService({ accounts, apiKeys, plans, clock: { now: () => now }, authCacheSeconds: 10 });
      return { service, apiKeys, lookups: () => lookups, advance: (seconds: number) => (now = new Date(now.getTime() + seconds * 1000)) };
    }

    it('looks a busy key up once per period', async () => {
      const { service, lookups, advance } = cachedService();
      const { key } = await service.createKey({ accountId: 'busy' });
      for (let index = 0; index < 5; index += 1) await service.authenticate(key);
      expect(lookups()).toBe(1);
      advance(11);
      await service.authenticate(key);
      expect(lookups()).toBe(2);
    });

    it('refuses a key revoked through this service at once, and one revoked elsewhere after the period', async () => {
      const { service, apiKeys, advance } = cachedService();
      const here = await service.createKey({ accountId: 'revoked-here' });
      await service.authenticate(here.key);
      await service.revokeKey(here.prefix);
      expect(await codeOf(service.authenticate(here.key))).toBe('unauthorized');

      const elsewhere = await service.createKey({ accountId: 'revoked-elsewhere' });
      await service.authenticate(elsewhere.key);
      await apiKeys.revoke(elsewhere.prefix, '2026-06-01T12:00:01.000Z');
      expect((await service.authenticate(elsewhere.key)).account.id).toBe('revoked-elsewhere');
      advance(11);
      expect(await codeOf(service.authenticate(elsewhere.key))).toBe('unauthorized');
    });

    it('applies a plan change made through this service to the next request', async () => {
      const { service } = cachedService();
      const { key } = await service.createKey({ accountId: 'upgrading' });
      await service.authenticate(key);
      await service.setPlans('upgrading', { apiPlan: 'growth' });
      expect((await service.authenticate(key)).account.apiPlan).toBe('growth');
    });
  });
});
