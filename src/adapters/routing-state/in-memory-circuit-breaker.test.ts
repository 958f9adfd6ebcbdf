import { describe, expect, it } from 'vitest';
import { InMemoryCircuitBreaker, type CircuitChange } from './in-memory-circuit-breaker.ts';

describe('InMemoryCircuitBreaker', () => {
  it('opens after the threshold of failures in a row, then lets one probe through after the cooldown', () => {
    let now = 0;
    const breaker = new InMemoryCircuitBreaker({ failureThreshold: 3, cooldownMs: 1000, now: () => now });
    breaker.recordFailure('m');
    breaker.recordFailure('m');
    expect(breaker.state('m')).toBe('closed');
    breaker.recordFailure('m');
    expect(breaker.state('m')).toBe('open');
    expect(breaker.tryAcquire('m')).toBe(false);
    now = 1000;
    expect(breaker.state('m')).toBe('half_open');
    expect(breaker.tryAcquire('m')).toBe(true);
    expect(breaker.tryAcquire('m')).toBe(false);
    breaker.recordSuccess('m');
    expect(breaker.state('m')).toBe('closed');
  });

  it('re-opens when the probe fails, and a success resets the count', () => {
    let now = 0;
    const breaker = new InMemoryCircuitBreaker({ failureThreshold: 2, cooldownMs: 500, now: () => now });
    breaker.recordFailure('m');
    breaker.recordSuccess('m');
    breaker.recordFailure('m');
    expect(breaker.state('m')).toBe('closed');
    breaker.recordFailure('m');
    now = 600;
    expect(breaker.tryAcquire('m')).toBe(true);
    breaker.recordFailure('m');
    expect(breaker.state('m')).toBe('open');
    now = 1099;
    expect(breaker.state('m')).toBe('open');
    now = 1100;
    expect(breaker.state('m')).toBe('half_open');
  });

  it('keeps models apart', () => {
    const breaker = new InMemoryCircuitBreaker({ failureThreshold: 1, cooldownMs: 1000, now: () => 0 });
    breaker.recordFailure('a');
    expect(breaker.state('a')).toBe('open');
    expect(breaker.state('b')).toBe('closed');
  });
});

describe('InMemoryCircuitBreaker shared with other processes', () => {
  it('reports openings and closings, not every outcome', () => {
    let now = 10;
    const changes: CircuitChange[] = [];
    const breaker = new InMemoryCircuitBreaker({ failureThreshold: 2, cooldownMs: 100, now: () => now, onChange: (change) => changes.push(change) });
    breaker.recordFailure('m');
    breaker.recordSuccess('m');
    breaker.recordFailure('m');
    expect(changes).toEqual([]);
    breaker.recordFailure('m');
    expect(changes).toEqual([{ modelId: 'm', state: 'open', openedAt: 10 }]);
    now = 200;
    expect(breaker.tryAcquire('m')).toBe(true);
    breaker.recordSuccess('m');
    expect(changes.at(-1)).toEqual({ modelId: 'm', state: 'closed' });
    expect(changes).toHaveLength(2);
  });

  it('takes on another process’s opening from its moment, and its closing, without reporting them again', () => {
    let now = 1000;
    const changes: CircuitChange[] = [];
    const breaker = new InMemoryCircuitBreaker({ failureThreshold: 5, cooldownMs: 100, now: () => now, onChange: (change) => changes.push(change) });
    breaker.apply({ modelId: 'm', state: 'open', openedAt: 950 });
    expect(breaker.state('m')).toBe('open');
    expect(breaker.tryAcquire('m')).toBe(false);
    // An older opening does not restart the cooldown.
    breaker.apply({ modelId: 'm', state: 'open', openedAt: 900 });
    now = 1050;
    expect(breaker.state('m')).toBe('half_open');
    breaker.apply({ modelId: 'm', state: 'closed' });
    expect(breaker.state('m')).toBe('closed');
    expect(changes).toEqual([]);
  });
});
