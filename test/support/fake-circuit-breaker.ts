import type { CircuitBreaker, CircuitState } from '../../src/ports/circuit-breaker.ts';

/** A breaker whose open circuits the test sets by hand, and which records what it was told. */
export class ScriptedCircuitBreaker implements CircuitBreaker {
  readonly open = new Set<string>();
  readonly failures: string[] = [];
  readonly successes: string[] = [];

  state(modelId: string): CircuitState {
    return this.open.has(modelId) ? 'open' : 'closed';
  }

  tryAcquire(modelId: string): boolean {
    return !this.open.has(modelId);
  }

  recordSuccess(modelId: string): void {
    this.successes.push(modelId);
  }

  recordFailure(modelId: string): void {
    this.failures.push(modelId);
  }
}
