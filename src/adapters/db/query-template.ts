import { CompiledQuery, type Compilable, type QueryResult } from 'kysely';

type Slot = (name: string) => never;

/** Whatever runs compiled queries: the database, or a transaction on it. */
type QueryExecutor = { executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> };

/**
 * A hot query compiled to SQL once; each call only binds new values. Kysely otherwise rebuilds and
 * recompiles the query tree on every call, which on a request path costs more than the database's own
 * work for a one-row write. `build` receives `slot(name)` to place where a value goes; the values given to
 * `execute` fill the slots by name.
 */
export class QueryTemplate<Row> {
  readonly #sql: string;
  readonly #bindings: ({ slot: string } | { constant: unknown })[];
  readonly #execute: (query: CompiledQuery<Row>) => Promise<QueryResult<Row>>;

  constructor(executor: QueryExecutor, build: (slot: Slot) => Compilable<Row>) {
    const marker = '\u0000slot:';
    const compiled = build(((name: string) => `${marker}${name}`) as Slot).compile();
    this.#sql = compiled.sql;
    this.#bindings = compiled.parameters.map((parameter) =>
      typeof parameter === 'string' && parameter.startsWith(marker) ? { slot: parameter.slice(marker.length) } : { constant: parameter },
    );
    this.#execute = (query) => executor.executeQuery(query);
  }

  /** Runs the query with these values, on the executor it was built with unless another is given (a transaction). */
  execute(values: Readonly<Record<string, unknown>>, executor?: QueryExecutor): Promise<QueryResult<Row>> {
    const parameters = this.#bindings.map((binding) => {
      if ('constant' in binding) return binding.constant;
      if (!(binding.slot in values)) throw new Error(`No value for slot "${binding.slot}"`);
      return values[binding.slot];
    });
    const query = CompiledQuery.raw(this.#sql, parameters) as CompiledQuery<Row>;
    return executor ? executor.executeQuery(query) : this.#execute(query);
  }
}
