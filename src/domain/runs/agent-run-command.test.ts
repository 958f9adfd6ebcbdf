import { describe, expect, it } from 'vitest';
import type { Account } from '../../ports/account-repository.ts';
import type { UsageMeter } from '../quotas/usage-meter.ts';
import { agentRunCommand } from './agent-run-command.ts';

const meter: UsageMeter = { countsFailuresFrom: 'answered', reserve: async () => Promise.reject(new Error('unused')), snapshot: async () => Promise.reject(new Error('unused')) };
const clock = { now: () => new Date('2026-06-01T12:00:00.000Z') };
const account: Account = { id: 'acct', apiPlan: 'pro', v1Plan: 'starter', createdAt: '2026-06-01T00:00:00.000Z' };
const request = { agentId: 'leads', body: { prompt: 'fintech startups in Berlin' }, requestId: 'req-1' };

describe('agentRunCommand', () => {
  it("runs an account's request on its surface, counted on its plan's meter and routed by its plan's policy", () => {
    const context = { account, surface: 'v1' as const, planId: 'starter', plan: undefined, planPolicy: 'latency' as const, meter, clock };
    expect(agentRunCommand(context, request)).toEqual({ surface: 'v1', accountId: 'acct', agentId: 'leads', body: request.body, requestId: 'req-1', meter, planPolicy: 'latency' });
  });

  it('runs an anonymous request on the free tier, owned by its client and counted on its window', () => {
    expect(agentRunCommand({ surface: 'free', client: '203.0.113.7', meter, clock }, request)).toEqual({
      surface: 'free',
      accountId: null,
      anonymousOwner: '203.0.113.7',
      agentId: 'leads',
      body: request.body,
      requestId: 'req-1',
      meter,
    });
  });
});
