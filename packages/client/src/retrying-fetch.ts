/** When and how long a retrying fetch waits before sending a refused request again. */
export interface RetryOptions {
  /** Retries after the first attempt (default 3): 0 turns retrying off. */
  maxRetries?: number;
  /** The first backoff when the answer has no Retry-After, doubled on each retry (default 250 ms). */
  baseDelayMs?: number;
  /** The longest wait: a Retry-After beyond it is not waited for, and the answer is returned (default 10 s). */
  maxDelayMs?: number;
  /** The statuses retried (default 429, 502, 503). */
  statuses?: readonly number[];
  /** How to wait; tests replace it. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Jitter source in [0, 1) for the backoff; tests replace it. */
  random?: () => number;
}

export const defaultRetryStatuses: readonly number[] = [429, 502, 503];

/**
 * A fetch that sends a request again when it is answered 429, 502 or 503: after the answer's Retry-After
 * (seconds or an HTTP date) when it has one, otherwise after an exponential backoff with jitter. Bounded:
 * at most `maxRetries` retries, never a wait longer than `maxDelayMs`; past either, the last answer is returned.
 */
export function retryingFetch(fetchImplementation: typeof fetch = globalThis.fetch, options: RetryOptions = {}): typeof fetch {
  const maxRetries = options.maxRetries ?? 3;
  const baseDelayMs = options.baseDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 10_000;
  const statuses = new Set(options.statuses ?? defaultRetryStatuses);
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  return async (input, init) => {
    const original = new Request(input, init);
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetchImplementation(original.clone());
      if (!statuses.has(response.status) || attempt >= maxRetries) return response;
      const delay = retryAfterMs(response.headers.get('retry-after')) ?? Math.round(baseDelayMs * 2 ** attempt * (0.5 + random() / 2));
      if (delay > maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(delay, original.signal);
    }
  };
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}
