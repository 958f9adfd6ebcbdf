import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { FollowerSlots } from './follower-slots.ts';

function refusal(take: () => unknown): AppError {
  try {
    take();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected the follower to be refused');
}

describe('FollowerSlots', () => {
  it('refuses past each cap with 503 overloaded, naming the cap', () => {
    const slots = new FollowerSlots({ perRun: 2, perAccount: 3, perProcess: 4 });
    slots.take('run-1', 'a');
    slots.take('run-1', 'a');
    const perRun = refusal(() => slots.take('run-1', 'a'));
    expect(perRun).toMatchObject({ code: 'overloaded', retryAfterSeconds: 5, details: { limit: { scope: 'run', max: 2 } } });
    slots.take('run-2', 'a');
    expect(refusal(() => slots.take('run-2', 'a')).details).toEqual({ limit: { scope: 'account', max: 3 } });
    slots.take('run-3', 'b');
    expect(refusal(() => slots.take('run-4', 'c')).details).toEqual({ limit: { scope: 'process', max: 4 } });
  });

  it('gives a place back once, however often it is released', () => {
    const slots = new FollowerSlots({ perRun: 1, perAccount: 10, perProcess: 10 });
    const first = slots.take('run-1', 'a');
    expect(slots.taken).toBe(1);
    refusal(() => slots.take('run-1', 'a'));
    first.release();
    first.release();
    expect(slots.taken).toBe(0);
    const second = slots.take('run-1', 'a');
    refusal(() => slots.take('run-1', 'a'));
    second.release();
    expect(() => slots.take('run-1', 'a')).not.toThrow();
  });
});
