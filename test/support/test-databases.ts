import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

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
