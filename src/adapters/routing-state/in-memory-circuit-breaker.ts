import type { CircuitBreaker, CircuitState } from '../../ports/circuit-breaker.ts';

export interface CircuitBreakerSettings {
  /** Consecutive failures that open the circuit. */
  failureThreshold: number;
  /** How long an open circuit stays open before one probe is let through. */
  cooldownMs: number;
  now?: () => number;
  /** Told when a circuit opens (again) or closes here: what other processes sharing the state need to hear. */
  onChange?: (change: CircuitChange) => void;
}

/** A circuit that opened at `openedAt` (epoch ms), or closed. */
export type CircuitChange = { modelId: string; state: 'open'; openedAt: number } | { modelId: string; state: 'closed' };

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
  readonly #settings: Required<Omit<CircuitBreakerSettings, 'onChange'>>;
  readonly #onChange: (change: CircuitChange) => void;
  readonly #health = new Map<string, ModelHealth>();

  constructor(settings: CircuitBreakerSettings) {
    this.#settings = { now: Date.now, failureThreshold: settings.failureThreshold, cooldownMs: settings.cooldownMs, ...(settings.now ? { now: settings.now } : {}) };
    this.#onChange = settings.onChange ?? (() => undefined);
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
    const wasOpen = this.#health.get(modelId)?.openedAt != null;
    this.#health.delete(modelId);
    if (wasOpen) this.#onChange({ modelId, state: 'closed' });
  }

  recordFailure(modelId: string): void {
    const health = this.#health.get(modelId) ?? { failures: 0, openedAt: null, probeInFlight: false };
    health.failures += 1;
    if (health.probeInFlight || health.failures >= this.#settings.failureThreshold) {
      const openedAt = this.#settings.now();
      health.openedAt = openedAt;
      health.probeInFlight = false;
      this.#health.set(modelId, health);
      this.#onChange({ modelId, state: 'open', openedAt });
      return;
    }
    this.#health.set(modelId, health);
  }

  /**
   * Takes on a change another process made (never reported back through onChange): an opened circuit is
   * open here from the same moment, with its half-open probe still to come; a closed one is healthy again.
   */
  apply(change: CircuitChange): void {
    if (change.state === 'closed') {
      this.#health.delete(change.modelId);
      return;
    }
    const current = this.#health.get(change.modelId);
    // A later opening seen here first wins; an older one would restart a cooldown that has moved on.
    if (current?.openedAt != null && current.openedAt >= change.openedAt) return;
    this.#health.set(change.modelId, { failures: this.#settings.failureThreshold, openedAt: change.openedAt, probeInFlight: false });
  }
}
