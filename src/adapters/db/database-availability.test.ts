import { describe, expect, it } from 'vitest';
import { DatabaseAvailability } from './database-availability.ts';

function setup(answers: boolean) {
  let now = 0;
  let asked = 0;
  let answer = answers;
  const availability = new DatabaseAvailability({
    knownForMs: 1000,
    now: () => now,
    ask: async () => {
      asked += 1;
      if (!answer) throw new Error('ECONNREFUSED');
    },
  });
  return {
    availability,
    advance: (ms: number) => (now += ms),
    asked: () => asked,
    setAnswer: (value: boolean) => (answer = value),
  };
}

describe('database availability', () => {
  it('trusts a failure for a second without asking, then asks afresh', async () => {
    const { availability, advance, asked, setAnswer } = setup(true);
    availability.failed();
    expect(await availability.recordable()).toBe(false);
    advance(999);
    expect(await availability.recordable()).toBe(false);
    expect(asked()).toBe(0);
    advance(2);
    setAnswer(true);
    expect(await availability.recordable()).toBe(true);
    expect(asked()).toBe(1);
  });

  it('trusts an answer for a second, and the latest outcome wins', async () => {
    const { availability, advance, asked } = setup(false);
    availability.answered();
    advance(500);
    expect(await availability.recordable()).toBe(true);
    availability.failed();
    expect(await availability.recordable()).toBe(false);
    availability.answered();
    expect(await availability.recordable()).toBe(true);
    expect(asked()).toBe(0);
  });

  it('asks once for every caller when nothing recent is known, and says no when the question fails', async () => {
    const { availability, asked } = setup(false);
    const answers = await Promise.all([availability.recordable(), availability.recordable(), availability.recordable()]);
    expect(answers).toEqual([false, false, false]);
    expect(asked()).toBe(1);
  });

  it('refuses to wait for a second after a time limit ran out, not after a refusal, and refusing does not renew it', () => {
    const { availability, advance } = setup(true);
    availability.failed();
    expect(availability.knownSilent()).toBe(false);
    availability.timedOut();
    expect(availability.knownSilent()).toBe(true);
    advance(600);
    expect(availability.knownSilent()).toBe(true);
    advance(401);
    expect(availability.knownSilent()).toBe(false);
    availability.timedOut();
    availability.answered();
    expect(availability.knownSilent()).toBe(false);
  });
});
