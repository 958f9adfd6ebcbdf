import { describe, expect, it } from 'vitest';
import { chaosOptionsFrom, defaultChaosOptions, faultKinds } from './chaos-options.ts';
import { planFaults } from './fault-schedule.ts';
import { seededRandom } from './seeded-random.ts';

const options = { ...defaultChaosOptions, faultSeconds: 60 };

describe('the fault schedule', () => {
  it('is the same for the same seed and differs for another', () => {
    expect(planFaults(options, seededRandom(5))).toEqual(planFaults(options, seededRandom(5)));
    expect(planFaults(options, seededRandom(6))).not.toEqual(planFaults(options, seededRandom(5)));
  });

  it('brings every chosen kind once before any comes twice, one fault after another, within the fault time', () => {
    const faults = planFaults(options, seededRandom(11));
    expect(new Set(faults.slice(0, faultKinds.length).map((fault) => fault.kind))).toEqual(new Set(faultKinds));
    for (const [index, fault] of faults.entries()) {
      const next = faults[index + 1];
      if (next) expect(next.atMs).toBeGreaterThanOrEqual(fault.atMs + fault.durationMs + 1000);
      expect(fault.atMs).toBeLessThan(options.faultSeconds * 1000);
    }
  });

  it('leaves two leases after a worker fault for the takeover, and aims each fault at a process that exists', () => {
    const faults = planFaults({ ...options, faults: ['worker-kill', 'api-pause'], workers: 2, apiProcesses: 3, faultSeconds: 120 }, seededRandom(3));
    for (const [index, fault] of faults.entries()) {
      const next = faults[index + 1];
      if (fault.kind === 'worker-kill' && next) expect(next.atMs - fault.atMs - fault.durationMs).toBeGreaterThanOrEqual(2 * options.leaseMs + 1000);
      expect(fault.target).toBeLessThan(fault.kind === 'worker-kill' ? 2 : 3);
    }
    expect(faults.some((fault) => fault.kind === 'api-pause' && fault.target === 2)).toBe(true);
  });

  it('keeps cuts long enough for /readyz to notice them', () => {
    const cuts = planFaults({ ...options, faults: ['redis-cut', 'postgres-cut'] }, seededRandom(8));
    expect(cuts.length).toBeGreaterThan(3);
    for (const cut of cuts) expect(cut.durationMs).toBeGreaterThanOrEqual(3500);
  });
});

describe('the options of npm run chaos', () => {
  it('reads the CHAOS_ variables', () => {
    expect(chaosOptionsFrom({ CHAOS_SEED: '42', CHAOS_SECONDS: '30', CHAOS_SETTLE_SECONDS: '5', CHAOS_FAULTS: 'redis-cut, worker-kill' })).toMatchObject({
      seed: 42,
      faultSeconds: 30,
      settleSeconds: 5,
      faults: ['redis-cut', 'worker-kill'],
    });
  });

  it('refuses a fault kind it does not know and a number that is not one', () => {
    expect(() => chaosOptionsFrom({ CHAOS_FAULTS: 'redis-cut,disk-full' })).toThrow(/unknown: disk-full/);
    expect(() => chaosOptionsFrom({ CHAOS_SECONDS: 'soon' })).toThrow(/CHAOS_SECONDS/);
  });
});
