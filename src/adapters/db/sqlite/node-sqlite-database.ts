import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import type { DatabaseAvailability } from '../database-availability.ts';
import { classifyDatabaseError, isDatabaseUnavailable } from '../database-unavailability.ts';

/** Prepared statements are reused: Kysely produces the same SQL text for the same query shape. */
const statementCacheSize = 256;

/**
 * Presents node:sqlite's DatabaseSync as the database Kysely's SqliteDialect drives. A file that another
 * connection keeps locked past the busy timeout throws DatabaseUnavailableError (503 `overloaded`) instead
 * of "database is locked"; every outcome tells `availability`, when given.
 */
export class NodeSqliteDatabase implements SqliteDatabase {
  readonly #database: DatabaseSync;
  readonly #statements = new Map<string, SqliteStatement>();
  readonly #observe: <Result>(operation: () => Result) => Result;

  constructor(database: DatabaseSync, availability?: DatabaseAvailability) {
    this.#database = database;
    this.#observe = (operation) => {
      try {
        const result = operation();
        availability?.answered();
        return result;
      } catch (error) {
        if (isDatabaseUnavailable(error)) availability?.failed();
        throw classifyDatabaseError(error);
      }
    };
  }

  close(): void {
    this.#statements.clear();
    this.#database.close();
  }

  prepare(sql: string): SqliteStatement {
    const cached = this.#statements.get(sql);
    if (cached) return cached;
    const statement = wrap(this.#observe(() => this.#database.prepare(sql)), this.#observe);
    if (this.#statements.size >= statementCacheSize) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    this.#statements.set(sql, statement);
    return statement;
  }
}

function wrap(statement: StatementSync, observe: <Result>(operation: () => Result) => Result): SqliteStatement {
  const parameters = (values: ReadonlyArray<unknown>): SQLInputValue[] => values as SQLInputValue[];
  return {
    // A statement that returns columns is a reader, RETURNING clauses included.
    reader: statement.columns().length > 0,
    all: (values) => observe(() => statement.all(...parameters(values))),
    run: (values) => observe(() => statement.run(...parameters(values))),
    iterate: (values) => observe(() => statement.iterate(...parameters(values))),
  };
}
