import { describe, expect, it } from 'vitest';
import type { QuotaLedger } from '../../ports/quota-ledger.ts';
import { AppError } from '../errors.ts';
import { buildPlanTables } from './plan-table.ts';
import { QuotaService } from './quota-service.ts';

describe('QuotaService when its counter store is down', () => {
  it('refuses with 503 overloaded (and Retry-After) instead of failing or running uncounted', async () => {
    const down = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    const broken: QuotaLedger = { hold: down, release: down, extend: down, reclaimExpired: down, get: down, purgeExpired: down };
    const plans = buildPlanTables(
      { defaultPlans: { api: 'free', v1: 'free' }, api: { free: { name: 'Free', priceUsdPerMonth: 0, dailyLimit: 5 } }, v1: { free: { name: 'Free', priceUsdPerMonth: 0, dailyLimit: 5 } } },
      'plans.yaml',
    );
    const quotas = new QuotaService({ ledger: broken, plans, clock: { now: () => new Date() } });
    const account = { id: 'a', apiPlan: 'free', v1Plan: 'free', createdAt: '' };
    const error = (await quotas.reserve(account, 'api').catch((caught: unknown) => caught)) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'overloaded', retryAfterSeconds: 5 });
    expect(error.cause).toBeInstanceOf(Error);
  });
});
