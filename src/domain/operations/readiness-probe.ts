import type { DependencyPing } from '../../ports/dependency-ping.ts';
import type { SchemaInspector, SchemaState } from '../../ports/schema-inspector.ts';

/** What one service answered: whether it did in time, and how long it took. */
export interface DependencyState {
  name: DependencyPing['name'];
  ok: boolean;
  ms: number;
  /** Why it is not ok: the driver's error code or a short reason, never a connection string. */
  error?: string;
}

export interface Readiness {
  ready: boolean;
  schema: SchemaState;
  dependencies: DependencyState[];
}

export interface ReadinessOptions {
  /** How long each service has to answer. */
  timeoutMs: number;
  /** How long one answer is reused: load balancers probing often cost one round trip per service per period. */
  cacheMs: number;
}

/**
 * Whether this process can serve now: the database and Redis each asked afresh (a cached "yes" would keep
 * a process in rotation through an outage), their answers reused for at most `cacheMs`, each bounded by
 * `timeoutMs` so a service that hangs makes the probe fail in time rather than hang with it.
 */
export class ReadinessProbe {
  readonly #schema: SchemaInspector;
  readonly #pings: readonly DependencyPing[];
  readonly #options: ReadinessOptions;
  readonly #now: () => number;
  #last: { at: number; readiness: Readiness } | undefined;
  #inFlight: Promise<Readiness> | undefined;

  constructor(dependencies: { schema: SchemaInspector; pings: readonly DependencyPing[]; options: ReadinessOptions; now?: () => number }) {
    this.#schema = dependencies.schema;
    this.#pings = dependencies.pings;
    this.#options = dependencies.options;
    this.#now = dependencies.now ?? (() => performance.now());
  }

  check(): Promise<Readiness> {
    if (this.#last && this.#now() - this.#last.at < this.#options.cacheMs) return Promise.resolve(this.#last.readiness);
    this.#inFlight ??= this.#checkNow().finally(() => {
      this.#inFlight = undefined;
    });
    return this.#inFlight;
  }

  async #checkNow(): Promise<Readiness> {
    const [dependencies, schema] = await Promise.all([Promise.all(this.#pings.map((ping) => this.#ask(ping))), this.#schema.inspect()]);
    const readiness = { ready: schema.current && dependencies.every((dependency) => dependency.ok), schema, dependencies };
    this.#last = { at: this.#now(), readiness };
    return readiness;
  }

  async #ask(dependency: DependencyPing): Promise<DependencyState> {
    const started = this.#now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.#options.timeoutMs} ms`)), this.#options.timeoutMs);
    });
    try {
      await Promise.race([dependency.ping(), late]);
      return { name: dependency.name, ok: true, ms: this.#elapsed(started) };
    } catch (error) {
      return { name: dependency.name, ok: false, ms: this.#elapsed(started), error: reason(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  #elapsed(started: number): number {
    return Math.round((this.#now() - started) * 10) / 10;
  }
}

/** A driver's error code (ECONNREFUSED) or the first line of its message, short: never a URL with credentials. */
function reason(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.length > 0) return code;
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  // A message that names an address with credentials is not repeated.
  return message.includes('://') && message.includes('@') ? 'unreachable' : message.slice(0, 200);
}
