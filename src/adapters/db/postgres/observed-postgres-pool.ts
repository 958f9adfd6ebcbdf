import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { Pool, PoolClient } from 'pg';
import { DatabaseUnavailableError } from '../../../domain/database-unavailable.ts';
import type { DatabaseAvailability } from '../database-availability.ts';
import { classifyDatabaseError, isDatabaseTimeout, isDatabaseUnavailable } from '../database-unavailability.ts';
import { isStalePreparedStatement, StatementNames } from './statement-names.ts';

/** Told about a connection's error that no query was waiting for, so it is logged rather than crashing the process. */
export type ConnectionErrorListener = (error: Error) => void;

/**
 * The pg pool as Kysely drives it, with the database's outages made one error: a connect that fails or
 * waits too long, and a statement cut off or timed out, throw DatabaseUnavailableError (503 `overloaded`)
 * instead of the driver's error, for every repository at once; for a second after a time limit ran out,
 * connects fail at once rather than wait again. Each outcome tells `availability`; a
 * client whose statement failed that way is destroyed instead of returned to the pool (after a read
 * timeout it may still be waiting for the lost answer). Every client gets an 'error' listener: pg emits
 * 'error' on a checked-out client whose connection drops between statements, which would otherwise be an
 * unhandled 'error' event.
 */
export class ObservedPostgresPool implements PostgresPool {
  readonly #pool: Pool;
  readonly #availability: DatabaseAvailability;
  readonly #clients = new WeakMap<PoolClient, ObservedClient>();
  readonly #names: StatementNames;

  constructor(pool: Pool, availability: DatabaseAvailability, onConnectionError: ConnectionErrorListener, preparedStatements = true) {
    this.#pool = pool;
    this.#names = new StatementNames(preparedStatements ? undefined : 0);
    this.#availability = availability;
    pool.on('connect', (client) => client.on('error', onConnectionError));
    // The pool repeats an idle client's error, already told above; it must be listened to all the same.
    pool.on('error', () => undefined);
  }

  get options(): object {
    return this.#pool.options;
  }

  async connect(): Promise<PostgresPoolClient> {
    // A database that just let a statement or a connect time out is not waited on again for a second: one
    // request pays the time limit, the others meanwhile answer at once.
    if (this.#availability.knownSilent()) throw new DatabaseUnavailableError();
    let client: PoolClient;
    try {
      client = await this.#checkOut();
    } catch (error) {
      throw this.#failure(error);
    }
    // One wrapper per pg client: Kysely keeps its connection object per client it is given.
    let observed = this.#clients.get(client);
    if (!observed) {
      observed = new ObservedClient(client, this.#names, (error, startedAt) => this.#failure(error, overran(startedAt, this.#limitMs('query_timeout'))), () => this.#availability.answered());
      this.#clients.set(client, observed);
    }
    observed.lease();
    return observed;
  }

  end(): Promise<void> {
    return this.#pool.end();
  }

  /**
   * A client from the pool, waited for once more when the wait's time limit says more about this process
   * than about the database: the limit ran out well after it was due (the event loop was busy, so the timer
   * fired before the database's answer could be read), or the pool was full of clients busy with statements
   * while the database kept answering. Neither fails the request at once, nor every connect after it.
   */
  async #checkOut(): Promise<PoolClient> {
    const startedAt = performance.now();
    try {
      return await this.#pool.connect();
    } catch (error) {
      const busy = isPoolQueueTimeout(error) && this.#availability.answeredRecently();
      if (!busy && !(isDatabaseTimeout(error) && overran(startedAt, this.#limitMs('connectionTimeoutMillis')))) throw error;
      return this.#pool.connect();
    }
  }

  /** One of the pool's time limits (0: none). */
  #limitMs(option: 'connectionTimeoutMillis' | 'query_timeout'): number {
    return (this.#pool.options as Partial<Record<typeof option, number>>)[option] ?? 0;
  }

  /**
   * The error as repositories get it, after telling `availability` what it says of the database. Two time
   * limits say nothing of it: a wait for a client of a full pool (this process's load: the busy clients' own
   * statements tell whether the database is silent), and a limit that ran out long after it was due (this
   * process's stall).
   */
  #failure(error: unknown, stalled = false): unknown {
    if (isPoolQueueTimeout(error) || (stalled && isDatabaseTimeout(error))) return classifyDatabaseError(error);
    if (isDatabaseTimeout(error)) this.#availability.timedOut();
    else if (isDatabaseUnavailable(error)) this.#availability.failed();
    return classifyDatabaseError(error);
  }
}

/** pg-pool's error when no client of a full pool came free in time (a new connection's timeout reads otherwise). */
function isPoolQueueTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === 'timeout exceeded when trying to connect';
}

/** How late a timer may fire before the wait it ended counts as the process's stall rather than the database's silence. */
const stallMarginMs = 250;

/** Whether a wait limited to `limitMs` (0: none) that began at `startedAt` ended more than stallMarginMs after its limit. */
function overran(startedAt: number, limitMs: number): boolean {
  return limitMs > 0 && performance.now() - startedAt > limitMs + stallMarginMs;
}

class ObservedClient implements PostgresPoolClient {
  readonly #client: PoolClient;
  readonly #names: StatementNames;
  /** Classifies a statement's error, given when the statement was sent. */
  readonly #failure: (error: unknown, startedAt: number) => unknown;
  readonly #answered: () => void;
  #broken = false;

  constructor(client: PoolClient, names: StatementNames, failure: (error: unknown, startedAt: number) => unknown, answered: () => void) {
    this.#client = client;
    this.#names = names;
    this.#failure = failure;
    this.#answered = answered;
  }

  get processID(): number | undefined {
    return (this.#client as { processID?: number }).processID;
  }

  lease(): void {
    this.#broken = false;
  }

  /** Statements only: the dialect is given no cursor, so Kysely never passes one. */
  readonly query = ((sql: string, parameters: ReadonlyArray<unknown>) => this.#query(sql, parameters)) as PostgresPoolClient['query'];

  async #query(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<unknown>> {
    // A connection already lost is not waited on again (a transaction's rollback after its statement timed out).
    if (this.#broken) throw new DatabaseUnavailableError();
    const startedAt = performance.now();
    try {
      const result = await this.#send(sql, parameters as unknown[]);
      this.#answered();
      return result as PostgresQueryResult<unknown>;
    } catch (error) {
      const failure = this.#failure(error, startedAt);
      if (failure !== error) this.#broken = true;
      throw failure;
    }
  }

  async #send(text: string, values: unknown[]): Promise<unknown> {
    const name = this.#names.nameOf(text);
    if (name === undefined) return this.#client.query(text, values);
    try {
      return await this.#client.query({ name, text, values });
    } catch (error) {
      if (!isStalePreparedStatement(error)) throw error;
      return this.#client.query(text, values);
    }
  }

  release(): void {
    // pg-pool destroys a client released with a truthy argument.
    this.#client.release(this.#broken || undefined);
  }
}
