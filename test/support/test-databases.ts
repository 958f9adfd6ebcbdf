import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { inject } from 'vitest';
import { staticMigrationProvider } from '../../src/adapters/db/migrations/index.ts';
import { migrateToLatest } from '../../src/adapters/db/migrator.ts';
import { openDatabase, type Database } from '../../src/adapters/db/open-database.ts';
import { KyselyAccountRepository } from '../../src/adapters/db/repositories/account-repository.ts';

export interface TestDatabase {
  dialect: 'sqlite' | 'postgres';
  url: string;
}

/** A fresh SQLite file in its own temporary folder. */
export function freshSqliteUrl(): string {
  return `sqlite:${join(mkdtempSync(join(tmpdir(), 'agentapi-test-')), 'test.db')}`;
}

/** A fresh, empty schema in this run's PostgreSQL database; the URL selects it through search_path. */
export async function freshPostgresUrl(): Promise<string> {
  const runUrl = inject('postgresUrl');
  const schema = `s_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: runUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  const url = new URL(runUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/** Both dialects, for suites every implementation must pass: `describe.each(dialects)`. */
export const dialects = ['sqlite', 'postgres'] as const;

export async function freshDatabaseUrl(dialect: TestDatabase['dialect']): Promise<string> {
  return dialect === 'sqlite' ? freshSqliteUrl() : freshPostgresUrl();
}

/** A fresh database of the dialect, migrated to the latest schema: what every repository contract suite starts from. */
export async function freshMigratedDatabase(dialect: TestDatabase['dialect']): Promise<Database> {
  const database = await openDatabase(await freshDatabaseUrl(dialect));
  await migrateToLatest(database);
  return database;
}

/** Migrates the database up (or down) to the named migration: for tests of what a migration does to rows stored before it. */
export async function migrateTo(database: Database, target: string): Promise<void> {
  const schema = database.dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({ db: database.db, provider: staticMigrationProvider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error } = await migrator.migrateTo(target);
  if (error) throw error;
}

/** Makes sure an account exists (rows of most tables belong to one) and returns its id. */
export async function ensureTestAccount(database: Database, id: string): Promise<string> {
  await new KyselyAccountRepository(database.db).ensure({ id, apiPlan: 'free', v1Plan: 'free', createdAt: '2026-01-01T00:00:00.000Z' });
  return id;
}
