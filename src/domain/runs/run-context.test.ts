import { describe, expect, it } from 'vitest';
import type { Account } from '../../ports/account-repository.ts';
import { buildPlanTables } from '../quotas/plan-table.ts';
import type { UsageMeter } from '../quotas/usage-meter.ts';
import { agentRunCommand } from './agent-run-command.ts';
import { RunContexts } from './run-context.ts';

const plans = buildPlanTables(
  {
    defaultPlans: { api: 'free', v1: 'starter' },
    api: { free: { name: 'Free', priceUsdPerMonth: 0, dailyLimit: 10 }, pro: { name: 'Pro', priceUsdPerMonth: 20, dailyLimit: null, routingPolicy: 'quality', safety: { content: { mode: 'flag', threshold: 0.8 } } } },
    v1: { starter: { name: 'Starter', priceUsdPerMonth: 0, dailyLimit: 10, routingPolicy: 'latency' } },
  },
  'plans.yaml',
);

const account: Account = { id: 'acct', apiPlan: 'pro', v1Plan: 'starter', createdAt: '2026-06-01T00:00:00.000Z' };
const clock = { now: () => new Date('2026-06-01T12:00:00.000Z') };

function contexts() {
  const reads: string[] = [];
  const meters: string[] = [];
  const meter = (name: string): UsageMeter => {
    meters.push(name);
    return { countsFailuresFrom: 'answered', reserve: async () => Promise.reject(new Error(name)), snapshot: async () => Promise.reject(new Error(name)) };
  };
  const subject = new RunContexts({
    accounts: {
      findById: async (id) => {
        reads.push(id);
        return id === account.id ? account : undefined;
      },
    },
    plans,
    quotas: { meterFor: (counted, surface) => meter(`${counted.id}:${surface}`) },
    freeTier: { meterFor: (client) => meter(`free:${client}`) },
    clock,
  });
  return { subject, reads, meters };
}

describe('RunContexts', () => {
  it("gives an account's plan, its routing policy and its meter on the surface, without reading the database", () => {
    const { subject, reads, meters } = contexts();
    const api = subject.forAccount(account, 'api');
    expect(api).toMatchObject({ account, surface: 'api', planId: 'pro', planPolicy: 'quality', clock });
    expect(api.plan?.name).toBe('Pro');
    expect(subject.forAccount(account, 'v1')).toMatchObject({ surface: 'v1', planId: 'starter', planPolicy: 'latency' });
    expect(meters).toEqual(['acct:api', 'acct:v1']);
    expect(reads).toEqual([]);
  });

  it("hands the plan's safety settings to the runs started under it", () => {
    const { subject } = contexts();
    const request = { agentId: 'summarize', body: { prompt: 'Hi' }, requestId: 'req-1' };
    expect(agentRunCommand(subject.forAccount(account, 'api'), request).planSafety).toEqual({ content: { mode: 'flag', threshold: 0.8 } });
    expect(agentRunCommand(subject.forAccount(account, 'v1'), request).planSafety).toBeUndefined();
  });

  it('refuses a plan file whose safety settings are not modes and thresholds', () => {
    const bad = { defaultPlans: { api: 'free', v1: 'free' }, api: { free: { name: 'Free', priceUsdPerMonth: 0, dailyLimit: 1, safety: { content: { mode: 'warn', threshold: 2 } } } }, v1: { free: { name: 'Free', priceUsdPerMonth: 0, dailyLimit: 1 } } };
    expect(() => buildPlanTables(bad, 'plans.yaml')).toThrow(/api\.free\.safety\.content\.mode[\s\S]*api\.free\.safety\.content\.threshold/);
  });

  it('gives an anonymous client its free-tier meter', () => {
    const { subject, meters } = contexts();
    expect(subject.forAnonymous('203.0.113.7')).toMatchObject({ surface: 'free', client: '203.0.113.7', clock });
    expect(meters).toEqual(['free:203.0.113.7']);
  });

  it("reads the account once for a step executed later, and gives its plan's policy on /api", async () => {
    const { subject, reads } = contexts();
    expect(await subject.planSettingsOf('acct')).toEqual({ planPolicy: 'quality', planSafety: { content: { mode: 'flag', threshold: 0.8 } } });
    expect(await subject.planSettingsOf('gone')).toEqual({ planPolicy: undefined, planSafety: undefined });
    expect(reads).toEqual(['acct', 'gone']);
  });
});
