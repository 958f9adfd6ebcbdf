import type { CircuitBreaker, CircuitState } from '../../ports/circuit-breaker.ts';

export interface CircuitBreakerSettings {
  /** Consecutive failures that open the circuit. */
  failureThreshold: number;
  /** How long an open circuit stays open before one probe is let through. */
  cooldownMs: number;
  now?: () => number;
}

interface ModelHealth {
  failures: number;
  openedAt: number | null;
  probeInFlight: boolean;
}

/**
 * A circuit per model, kept in this process: closed → open after `failureThreshold` failures in a row →
 * half-open after `cooldownMs` (one probe at a time) → closed on success, open again on failure.
 */
export class InMemoryCircuitBreaker implements CircuitBreaker {
  readonly #settings: Required<CircuitBreakerSettings>;
  readonly #health = new Map<string, ModelHealth>();

  constructor(settings: CircuitBreakerSettings) {
    this.#settings = { now: Date.now, ...settings };
  }

  state(modelId: string): CircuitState {
    const health = this.#health.get(modelId);
    if (!health || health.openedAt === null) return 'closed';
    return this.#settings.now() - health.openedAt >= this.#settings.cooldownMs ? 'half_open' : 'open';
  }

  tryAcquire(modelId: string): boolean {
    const state = this.state(modelId);
    if (state === 'closed') return true;
    if (state === 'open') return false;
    const health = this.#health.get(modelId) as ModelHealth;
    if (health.probeInFlight) return false;
    health.probeInFlight = true;
    return true;
  }

  recordSuccess(modelId: string): void {
    this.#health.delete(modelId);
  }

  recordFailure(modelId: string): void {
    const health = this.#health.get(modelId) ?? { failures: 0, openedAt: null, probeInFlight: false };
    health.failures += 1;
    if (health.probeInFlight || health.failures >= this.#settings.failureThreshold) {
      health.openedAt = this.#settings.now();
      health.probeInFlight = false;
    }
    this.#health.set(modelId, health);
  }
}
