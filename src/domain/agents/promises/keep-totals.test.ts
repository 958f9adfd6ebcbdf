import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keepSum, keepWords } from './keep-totals.ts';

const minutes = { sum: 'agenda', of: 'minutes', to: 'length' } as const;

describe('keepSum', () => {
  it('scales whole minutes in proportion to the length asked for, exactly', () => {
    const output = { agenda: [{ minutes: 10 }, { minutes: 20 }, { minutes: 30 }] };
    expect(keepSum(minutes, { length: 45 }, output)).toEqual({ repaired: 'agenda: minutes scaled from a total of 60 to 45' });
    expect(output.agenda.map((item) => item.minutes)).toEqual([8, 15, 22]);
  });

  it('keeps every item under its maximum, giving the rest to the others, and says when the items cannot reach the total', () => {
    const output = { agenda: [{ minutes: 5 }, { minutes: 5 }, { minutes: 90 }] };
    keepSum(minutes, { length: 150 }, output, 60);
    expect(output.agenda.map((item) => item.minutes)).toEqual([45, 45, 60]);
    expect(keepSum(minutes, { length: 200 }, { agenda: [{ minutes: 5 }, { minutes: 5 }] }, 60)).toEqual({ unmet: "agenda: the items' minutes must add up to 200; 2 item(s) cannot" });
  });

  it('holds shares to a fixed 100, and an "at most" total only when it is exceeded', () => {
    const shares = { split: [{ share: 30.5 }, { share: 30.5 }, { share: 50 }] };
    keepSum({ sum: 'split', of: 'share', to: 100 }, {}, shares);
    expect(shares.split.reduce((sum, item) => sum + item.share, 0)).toBeCloseTo(100, 1);
    const spend = { lines: [{ amount: 100 }, { amount: 200 }] };
    expect(keepSum({ sum: 'lines', of: 'amount', atMost: 'cap' }, { cap: 500 }, spend)).toBeUndefined();
    keepSum({ sum: 'lines', of: 'amount', atMost: 'cap' }, { cap: 150 }, spend);
    expect(spend.lines).toEqual([{ amount: 50 }, { amount: 100 }]);
  });

  it('mends an item over its maximum even when the total is already right, or says the items cannot hold it', () => {
    const output = { agenda: [{ minutes: 100 }, { minutes: 20 }] };
    expect(keepSum(minutes, { length: 120 }, output, 60)).toEqual({ repaired: 'agenda: minutes scaled from a total of 120 to 120' });
    expect(output.agenda.map((item) => item.minutes)).toEqual([60, 60]);
    expect(keepSum(minutes, { length: 264 }, { agenda: [{ minutes: 264 }] }, 1)).toEqual({ unmet: "agenda: the items' minutes must add up to 264; 1 item(s) cannot" });
    const spend = { lines: [{ amount: 90 }, { amount: 10 }] };
    keepSum({ sum: 'lines', of: 'amount', atMost: 'cap' }, { cap: 500 }, spend, 60);
    expect(spend.lines).toEqual([{ amount: 60 }, { amount: 40 }]);
  });

  it('any whole lengths and any caps: the total is exact whenever the items can reach it, and no item passes its cap', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 1, maxLength: 10 }), fc.integer({ min: 1, max: 600 }), fc.integer({ min: 1, max: 240 }), (values, length, cap) => {
        const output = { agenda: values.map((value) => ({ minutes: value })) };
        const outcome = keepSum(minutes, { length }, output, cap);
        const total = output.agenda.reduce((sum, item) => sum + item.minutes, 0);
        if (outcome && 'unmet' in outcome) return;
        expect(total).toBe(length);
        for (const item of output.agenda) expect(item.minutes).toBeLessThanOrEqual(cap);
      }),
    );
  });
});

describe('keepWords', () => {
  it('cuts each answer to the word limit, and leaves shorter ones alone', () => {
    const output = { responses: [{ answer: 'one two three four five' }, { answer: 'short answer' }] };
    expect(keepWords({ words: 'responses', field: 'answer', atMost: 'limit' }, { limit: 3 }, output)).toBe('responses[].answer: 1 text cut to 3 words');
    expect(output.responses).toEqual([{ answer: 'one two three…' }, { answer: 'short answer' }]);
  });
});
