export type CircuitState = 'closed' | 'open' | 'half_open';

/**
 * Per-model health: a model that keeps failing is skipped for a while, then probed once. Implementations
 * may keep the state in-process or share it.
 */
export interface CircuitBreaker {
  state(modelId: string): CircuitState;
  /** Whether a call may go to the model now; in half-open state only one probe at a time is let through. */
  tryAcquire(modelId: string): boolean;
  recordSuccess(modelId: string): void;
  recordFailure(modelId: string): void;
}
