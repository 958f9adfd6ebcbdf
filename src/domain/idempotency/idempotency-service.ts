import { createHash } from 'node:crypto';
import type { Clock } from '../../ports/clock.ts';
import type { IdempotencyStore, StoredResponse } from '../../ports/idempotency-store.ts';
import { AppError } from '../errors.ts';
import type { StoredText } from '../runs/stored-text.ts';

export interface IdempotencyOptions {
  /** How long a finished request's response is kept and replayed. */
  ttlMs: number;
  /** How long a request may hold its key before another one with the same key may take it over. */
  inFlightTimeoutMs: number;
}

/** What to do with a request that carries a key. */
export type IdempotencyDecision = { kind: 'proceed' } | { kind: 'replay'; response: StoredResponse };

/** 1–255 printable ASCII characters; spaces only between other characters. */
const keyPattern = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;

/**
 * Idempotency-Key for requests that start work: the first request with a key runs and its response is
 * kept; a retry with the same key and the same request gets that response again, while the first is
 * still running a 409, and with a different request a 422.
 */
export class IdempotencyService {
  readonly #store: IdempotencyStore;
  readonly #clock: Clock;
  readonly #options: IdempotencyOptions;
  readonly #storedText: Pick<StoredText, 'refusalForLater'>;

  constructor(dependencies: { store: IdempotencyStore; clock: Clock; options: IdempotencyOptions; storedText: Pick<StoredText, 'refusalForLater'> }) {
    this.#store = dependencies.store;
    this.#clock = dependencies.clock;
    this.#options = dependencies.options;
    this.#storedText = dependencies.storedText;
  }

  /**
   * Claims the key for this request, or finds the response to replay. A caller that is told to proceed
   * must end with complete() or release().
   */
  async begin(accountId: string, key: string, fingerprint: string): Promise<IdempotencyDecision> {
    const now = this.#clock.now().getTime();
    const claim = await this.#store.claim({
      accountId,
      key,
      fingerprint,
      now: new Date(now).toISOString(),
      expiresAt: new Date(now + this.#options.ttlMs).toISOString(),
      staleBefore: new Date(now - this.#options.inFlightTimeoutMs).toISOString(),
    });
    switch (claim.outcome) {
      case 'started':
        return { kind: 'proceed' };
      case 'completed':
        return { kind: 'replay', response: claim.response };
      case 'in_flight':
        throw new AppError('idempotency_in_flight', 'A request with this Idempotency-Key is still being processed; retry after it finishes');
      case 'mismatch':
        throw new AppError('idempotency_mismatch', 'This Idempotency-Key was already used with a different request; use a new key');
    }
  }

  /**
   * Keeps the response of the request that holds the key, for later requests with the same key. A success
   * is kept as sent (its output went through the output layers); a refusal is kept with PII as models see
   * it, since it may echo the request.
   */
  async complete(accountId: string, key: string, response: StoredResponse): Promise<void> {
    const kept = response.statusCode >= 400 ? { ...response, body: await this.#storedText.refusalForLater(response.body) } : response;
    await this.#store.complete(accountId, key, kept);
  }

  /** Frees the key without keeping a response: the next request with it runs. */
  async release(accountId: string, key: string): Promise<void> {
    await this.#store.release(accountId, key);
  }

  /** Housekeeping: forgets the keys whose time is up; returns how many. */
  async purgeExpired(): Promise<number> {
    return this.#store.purgeExpired(this.#clock.now().toISOString());
  }
}

/** Whether a header value may serve as an idempotency key: 1–255 printable ASCII characters. */
export function validIdempotencyKey(value: string): boolean {
  return keyPattern.test(value);
}

/**
 * What identifies a request for its key: the method, the route, its parameters and its body. Object keys
 * are sorted at every level, so the same parameters sent in another order give the same fingerprint.
 */
export function requestFingerprint(request: { method: string; path: string; params?: unknown; body: unknown }): string {
  const canonical = JSON.stringify({ method: request.method.toUpperCase(), path: request.path, params: request.params ?? null, body: request.body ?? null }, sortKeys);
  return createHash('sha256').update(canonical).digest('hex');
}

function sortKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  return Object.fromEntries(entries);
}
