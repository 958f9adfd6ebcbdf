import { describe, expect, it } from 'vitest';
import { buildPlanTables } from './plan-table.ts';
import { planRoutingPolicy } from './plan-routing-policy.ts';

const plans = buildPlanTables(
  {
    defaultPlans: { api: 'free', v1: 'starter' },
    api: {
      free: { name: 'Free', priceUsdPerMonth: 0, dailyLimit: 10, routingPolicy: 'cost' },
      pro: { name: 'Pro', priceUsdPerMonth: 20, dailyLimit: null, routingPolicy: 'quality' },
      plain: { name: 'Plain', priceUsdPerMonth: 5, dailyLimit: 100 },
    },
    v1: { starter: { name: 'Starter', priceUsdPerMonth: 0, dailyLimit: 10, routingPolicy: 'latency' } },
  },
  'plans.yaml',
);

describe('planRoutingPolicy', () => {
  it("is the policy of the account's plan on the surface asked about", () => {
    const account = { apiPlan: 'pro', v1Plan: 'starter' };
    expect(planRoutingPolicy(account, plans, 'api')).toBe('quality');
    expect(planRoutingPolicy(account, plans, 'v1')).toBe('latency');
  });

  it('is undefined when the plan sets none: the router then uses its own default', () => {
    expect(planRoutingPolicy({ apiPlan: 'plain', v1Plan: 'starter' }, plans, 'api')).toBeUndefined();
  });

  it('reads a plan since removed from the tables as the default plan', () => {
    expect(planRoutingPolicy({ apiPlan: 'retired', v1Plan: 'retired' }, plans, 'api')).toBe('cost');
    expect(planRoutingPolicy({ apiPlan: 'retired', v1Plan: 'retired' }, plans, 'v1')).toBe('latency');
  });
});
