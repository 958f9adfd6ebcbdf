import { describe, expect, it } from 'vitest';
import { runSafetyPolicy, strictestLayerSettings } from './policy-precedence.ts';
import { defaultSafetyPolicy, safetyPolicyFor } from './safety-policy.ts';

describe('runSafetyPolicy', () => {
  it('leaves every layer at its own bar when no level sets anything', () => {
    const policy = runSafetyPolicy(defaultSafetyPolicy, {});
    expect(policy).toEqual({ pii: defaultSafetyPolicy.pii, qualityThreshold: 0.5, toolInjection: 'strip', critic: 'risk' });
  });

  it('takes the service default where neither the plan nor the agent sets a mode', () => {
    const policy = runSafetyPolicy(defaultSafetyPolicy, { service: { jailbreak: { mode: 'flag' }, content: { mode: 'off' }, toolInjection: 'flag' } });
    expect(policy).toMatchObject({ jailbreak: { mode: 'flag' }, content: { mode: 'off' }, toolInjection: 'flag' });
  });

  it('lets the agent or the plan override the service default, either way', () => {
    const service = { jailbreak: { mode: 'flag' as const }, content: { mode: 'block' as const } };
    expect(runSafetyPolicy(defaultSafetyPolicy, { service, agent: { jailbreak: { mode: 'block' } } }).jailbreak).toEqual({ mode: 'block' });
    expect(runSafetyPolicy(defaultSafetyPolicy, { service, plan: { content: { mode: 'flag' } } }).content).toEqual({ mode: 'flag' });
  });

  it('between the plan and the agent, applies the stricter mode: neither can loosen what the other requires', () => {
    const flagging = { jailbreak: { mode: 'flag' as const } };
    const blocking = { jailbreak: { mode: 'block' as const } };
    expect(runSafetyPolicy(defaultSafetyPolicy, { plan: blocking, agent: flagging }).jailbreak?.mode).toBe('block');
    expect(runSafetyPolicy(defaultSafetyPolicy, { plan: flagging, agent: blocking }).jailbreak?.mode).toBe('block');
    expect(runSafetyPolicy(defaultSafetyPolicy, { plan: { content: { mode: 'off' } }, agent: { content: { mode: 'flag' } } }).content?.mode).toBe('flag');
    expect(runSafetyPolicy(defaultSafetyPolicy, { plan: { toolInjection: 'flag' }, agent: { toolInjection: 'block' } }).toolInjection).toBe('block');
    expect(runSafetyPolicy(defaultSafetyPolicy, { plan: { toolInjection: 'off' }, agent: { toolInjection: 'strip' } }).toolInjection).toBe('strip');
  });

  it('takes the lower threshold of the plan and the agent, each setting on its own, and the service threshold when neither sets one', () => {
    const policy = runSafetyPolicy(defaultSafetyPolicy, {
      service: { jailbreak: { threshold: 0.2 }, content: { threshold: 0.6 } },
      plan: { jailbreak: { mode: 'flag', threshold: 0.7 } },
      agent: { jailbreak: { mode: 'block', threshold: 0.9 }, content: { mode: 'flag' } },
    });
    expect(policy.jailbreak).toEqual({ mode: 'block', threshold: 0.7 });
    expect(policy.content).toEqual({ mode: 'flag', threshold: 0.6 });
  });

  it('asks a model critic when the plan or the agent asks for one, whatever the service default; the service fills in otherwise', () => {
    expect(runSafetyPolicy(defaultSafetyPolicy, { service: { critic: 'rubric' } }).critic).toBe('rubric');
    expect(runSafetyPolicy(defaultSafetyPolicy, { service: { critic: 'rubric' }, plan: { critic: 'model' } }).critic).toBe('model');
    expect(runSafetyPolicy(defaultSafetyPolicy, { service: { critic: 'model' }, agent: { critic: 'rubric' } }).critic).toBe('rubric');
    expect(runSafetyPolicy(defaultSafetyPolicy, { plan: { critic: 'risk' }, agent: { critic: 'model' } }).critic).toBe('model');
    expect(runSafetyPolicy(defaultSafetyPolicy, { plan: { critic: 'rubric' }, agent: { critic: 'risk' } }).critic).toBe('risk');
  });

  it('keeps the agent’s PII actions and quality threshold', () => {
    const agent = safetyPolicyFor({ pii: { email: 'block' }, qualityThreshold: 0.8 });
    const policy = runSafetyPolicy(agent, { plan: { content: { mode: 'flag' } } });
    expect(policy.pii.email).toBe('block');
    expect(policy.qualityThreshold).toBe(0.8);
  });
});

describe('strictestLayerSettings', () => {
  it('is unset where no level sets a value', () => {
    expect(strictestLayerSettings([undefined, {}, { content: {} }])).toEqual({ content: {} });
  });
});
