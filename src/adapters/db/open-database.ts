import { dirname, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { PoolConfig } from 'pg';
import { ensurePrivateFile, ensurePrivateFolder } from '../files/private-files.ts';
import { DatabaseAvailability } from './database-availability.ts';
import type { DatabaseSchema } from './database-schema.ts';
import { databaseTimeouts } from './database-timeouts.ts';
import { ObservedPostgresPool, type ConnectionErrorListener } from './postgres/observed-postgres-pool.ts';
import { NodeSqliteDatabase } from './sqlite/node-sqlite-database.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: DialectName;
  /** A description safe to log: the SQLite path, or the PostgreSQL host and database without credentials. */
  location: string;
  /** What was last learnt of whether the database answers: whether a run started now could be recorded. */
  availability: DatabaseAvailability;
  /**
   * Runs `work` on a database whose statements have no time limit (migrations, which may rewrite large
   * tables): on PostgreSQL a connection of its own, closed afterwards; on SQLite the same database.
   */
  withoutTimeouts<Result>(work: (db: Kysely<DatabaseSchema>) => Promise<Result>): Promise<Result>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A pooled PostgreSQL connection's error that no statement was waiting for (its connection dropped); ignored by default. */
  onConnectionError?: ConnectionErrorListener;
  /** PostgreSQL: send statements as named prepared statements (default); off behind a pooler that cannot keep them. */
  preparedStatements?: boolean;
}

/**
 * Opens the database a DATABASE_URL names: `sqlite:<path>`, `sqlite::memory:` or `postgres://…`. The
 * PostgreSQL driver is loaded only when it is used. Either way the database's outages (unreachable, cut,
 * timed out, locked) surface as DatabaseUnavailableError within the bounds of `databaseTimeouts`.
 */
export async function openDatabase(url: string, options: OpenDatabaseOptions = {}): Promise<Database> {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  return openPostgres(url, options.onConnectionError ?? (() => undefined), options.preparedStatements ?? true);
}

/** The availability of a database not opened yet: asked with `select 1` once it is. */
function availabilityOf(database: () => Kysely<DatabaseSchema>): DatabaseAvailability {
  return new DatabaseAvailability({ ask: () => sql`select 1`.execute(database()) });
}

function openSqlite(path: string): Database {
  const inMemory = path === ':memory:';
  const location = inMemory ? ':memory:' : resolve(path);
  if (!inMemory) {
    // The file holds every run's inputs and outputs: only the service's own user may read it.
    ensurePrivateFolder(dirname(location));
    ensurePrivateFile(location);
  }
  const sqlite = new DatabaseSync(location, { timeout: databaseTimeouts.sqliteBusyMs });
  // WAL lets readers proceed during writes; NORMAL sync is durable across process crashes in WAL mode.
  sqlite.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
  const availability = availabilityOf(() => db);
  const db: Kysely<DatabaseSchema> = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: new NodeSqliteDatabase(sqlite, availability) }) });
  return { db, dialect: 'sqlite', location: `sqlite:${location}`, availability, withoutTimeouts: (work) => work(db), close: () => db.destroy() };
}

async function openPostgres(url: string, onConnectionError: ConnectionErrorListener, preparedStatements: boolean): Promise<Database> {
  const { default: pg } = await import('pg');
  const availability = availabilityOf(() => db);
  // A connection that drops emits 'error' on its client, idle or checked out: logged, never a crash.
  const open = (config: PoolConfig) => new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool: new ObservedPostgresPool(new pg.Pool({ connectionString: url, ...config }), availability, onConnectionError, preparedStatements) }) });
  const db: Kysely<DatabaseSchema> = open({
    max: 20,
    connectionTimeoutMillis: databaseTimeouts.connectMs,
    statement_timeout: databaseTimeouts.statementMs,
    // A little longer than the server's own limit, for a server that no longer answers at all.
    query_timeout: databaseTimeouts.statementMs + 250,
  });
  const parsed = new URL(url);
  return {
    db,
    dialect: 'postgres',
    location: `postgres://${parsed.host}${parsed.pathname}`,
    availability,
    async withoutTimeouts(work) {
      const unbounded = open({ max: 1 });
      try {
        return await work(unbounded);
      } finally {
        await unbounded.destroy();
      }
    },
    close: () => db.destroy(),
  };
}
