import { describe, expect, it } from 'vitest';
import type { StepNudge } from '../../ports/playbook-run-repository.ts';
import { KeptNudges } from './kept-nudges.ts';

const nudge = (stepIndex: number): StepNudge => ({ runId: 'run', stepIndex });

describe('KeptNudges', () => {
  it('keeps one nudge per key, drops the oldest past its limit, and resends oldest first', async () => {
    const kept = new KeptNudges(2);
    expect(kept.keep('a', nudge(0))).toBeUndefined();
    expect(kept.keep('a', nudge(9))).toBeUndefined();
    expect(kept.keep('b', nudge(1))).toBeUndefined();
    expect(kept.keep('c', nudge(2))).toEqual(nudge(0));
    expect(kept.size).toBe(2);

    const sent: StepNudge[] = [];
    expect(await kept.resend(async (each) => void sent.push(each))).toBe(2);
    expect(sent).toEqual([nudge(1), nudge(2)]);
    expect(kept.size).toBe(0);
  });

  it('stops resending at the first failure and keeps what was not sent', async () => {
    const kept = new KeptNudges(10);
    for (const stepIndex of [0, 1, 2]) kept.keep(String(stepIndex), nudge(stepIndex));
    const sent: StepNudge[] = [];
    const failing = async (each: StepNudge) => {
      if (each.stepIndex === 1) throw new Error('Redis is away');
      sent.push(each);
    };
    await expect(kept.resend(failing)).rejects.toThrow('Redis is away');
    expect(sent).toEqual([nudge(0)]);
    expect(kept.size).toBe(2);
    expect(await kept.resend(async (each) => void sent.push(each))).toBe(2);
    expect(sent).toEqual([nudge(0), nudge(1), nudge(2)]);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new KeptNudges(0)).toThrow(RangeError);
  });
});
