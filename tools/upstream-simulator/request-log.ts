import type { SimulatedProvider } from './provider-routes.ts';
import type { OutputMode } from './simulated-call.ts';

/** One request as it reached the simulator, and what the simulator did with it. */
export interface RecordedRequest {
  id: number;
  receivedAt: string;
  method: string;
  path: string;
  /** The query string, `?` included, or empty. */
  query: string;
  provider: SimulatedProvider | undefined;
  model: string;
  stream: boolean;
  outputMode: OutputMode | undefined;
  /** The parsed JSON body (a copy), or the raw text when it was not JSON. */
  body: unknown;
  headers: Record<string, string>;
  /** `answered`, `rejected`, or the fault applied: `http 503`, `hang`, `cut_stream`… */
  outcome: string;
  status: number | undefined;
}

export interface RequestFilter {
  provider?: SimulatedProvider | undefined;
  model?: string | undefined;
}

/** The most recent requests, oldest first, up to a limit so a long benchmark does not grow without bound. */
export class RequestLog {
  readonly #limit: number;
  #entries: RecordedRequest[] = [];
  #nextId = 1;

  constructor(limit: number) {
    this.#limit = Math.max(1, limit);
  }

  /** Records a request; the returned entry is updated in place as the request is answered. */
  add(entry: Omit<RecordedRequest, 'id' | 'receivedAt' | 'outcome' | 'status' | 'stream' | 'outputMode'>): RecordedRequest {
    const recorded: RecordedRequest = {
      id: this.#nextId++,
      receivedAt: new Date().toISOString(),
      stream: false,
      outputMode: undefined,
      outcome: 'pending',
      status: undefined,
      ...entry,
      body: structuredClone(entry.body),
    };
    this.#entries.push(recorded);
    if (this.#entries.length > this.#limit) this.#entries.splice(0, this.#entries.length - this.#limit);
    return recorded;
  }

  list(filter: RequestFilter = {}): RecordedRequest[] {
    return this.#entries
      .filter((entry) => (filter.provider === undefined || entry.provider === filter.provider) && (filter.model === undefined || entry.model === filter.model))
      .map((entry) => structuredClone(entry));
  }

  clear(): void {
    this.#entries = [];
  }
}
