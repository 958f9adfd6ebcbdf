/** A response as it was sent, kept so that a retry with the same Idempotency-Key gets it again. */
export interface StoredResponse {
  statusCode: number;
  /** The headers worth replaying (content type, location, …), names in lower case. */
  headers: Record<string, string>;
  /** The exact body sent. */
  body: string;
}

/** What claiming a key found. */
export type IdempotencyClaim =
  /** This request owns the key now. */
  | { outcome: 'started' }
  /** Another request with this key is still running. */
  | { outcome: 'in_flight' }
  /** The key was used with a different request (the fingerprint differs). */
  | { outcome: 'mismatch' }
  /** The key's request has finished: this is its response. */
  | { outcome: 'completed'; response: StoredResponse };

/** Idempotency keys per account: who holds a key, and the response its first request produced. */
export interface IdempotencyStore {
  /**
   * Claims (accountId, key) for a request with this fingerprint. A record past expiresAt, or still in
   * flight but started before staleBefore (its process died), is replaced. Atomic across processes: of
   * concurrent claims of one free key, exactly one is `started`. Timestamps are ISO-8601 UTC.
   */
  claim(request: { accountId: string; key: string; fingerprint: string; now: string; expiresAt: string; staleBefore: string }): Promise<IdempotencyClaim>;
  /** Stores the response of the in-flight request holding the key; later claims replay it. */
  complete(accountId: string, key: string, response: StoredResponse): Promise<void>;
  /** Forgets an in-flight claim (the request ended in a way that must not be replayed). */
  release(accountId: string, key: string): Promise<void>;
  /** Housekeeping: deletes the records past their expiry and returns how many there were. */
  purgeExpired(now: string): Promise<number>;
}
