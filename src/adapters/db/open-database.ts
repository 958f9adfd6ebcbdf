import { dirname, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { ensurePrivateFile, ensurePrivateFolder } from '../files/private-files.ts';
import type { DatabaseSchema } from './database-schema.ts';
import { NodeSqliteDatabase } from './sqlite/node-sqlite-database.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: DialectName;
  /** A description safe to log: the SQLite path, or the PostgreSQL host and database without credentials. */
  location: string;
  close(): Promise<void>;
}

/**
 * Opens the database a DATABASE_URL names: `sqlite:<path>`, `sqlite::memory:` or `postgres://…`. The
 * PostgreSQL driver is loaded only when it is used.
 */
export async function openDatabase(url: string): Promise<Database> {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  return openPostgres(url);
}

function openSqlite(path: string): Database {
  const inMemory = path === ':memory:';
  const location = inMemory ? ':memory:' : resolve(path);
  if (!inMemory) {
    // The file holds every run's inputs and outputs: only the service's own user may read it.
    ensurePrivateFolder(dirname(location));
    ensurePrivateFile(location);
  }
  const sqlite = new DatabaseSync(location, { timeout: 5000 });
  // WAL lets readers proceed during writes; NORMAL sync is durable across process crashes in WAL mode.
  sqlite.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: new NodeSqliteDatabase(sqlite) }) });
  return { db, dialect: 'sqlite', location: `sqlite:${location}`, close: () => db.destroy() };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle client that loses its connection emits 'error'; the pool replaces it, so this must not crash.
  pool.on('error', () => undefined);
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  const parsed = new URL(url);
  return { db, dialect: 'postgres', location: `postgres://${parsed.host}${parsed.pathname}`, close: () => db.destroy() };
}
