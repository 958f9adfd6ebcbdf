import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Prepared statements are reused: Kysely produces the same SQL text for the same query shape. */
const statementCacheSize = 256;

/** Presents node:sqlite's DatabaseSync as the database Kysely's SqliteDialect drives. */
export class NodeSqliteDatabase implements SqliteDatabase {
  readonly #database: DatabaseSync;
  readonly #statements = new Map<string, SqliteStatement>();

  constructor(database: DatabaseSync) {
    this.#database = database;
  }

  close(): void {
    this.#statements.clear();
    this.#database.close();
  }

  prepare(sql: string): SqliteStatement {
    const cached = this.#statements.get(sql);
    if (cached) return cached;
    const statement = wrap(this.#database.prepare(sql));
    if (this.#statements.size >= statementCacheSize) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    this.#statements.set(sql, statement);
    return statement;
  }
}

function wrap(statement: StatementSync): SqliteStatement {
  const parameters = (values: ReadonlyArray<unknown>): SQLInputValue[] => values as SQLInputValue[];
  return {
    // A statement that returns columns is a reader, RETURNING clauses included.
    reader: statement.columns().length > 0,
    all: (values) => statement.all(...parameters(values)),
    run: (values) => statement.run(...parameters(values)),
    iterate: (values) => statement.iterate(...parameters(values)),
  };
}
