import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A PostgreSQL database of its own, for a run that starts processes outside vitest's per-run database. */
export interface RunDatabase {
  url: string;
  name: string;
  /** Drops the database, disconnecting whoever is still connected. */
  drop(): Promise<void>;
}

/** The PostgreSQL server runs are created on (TEST_POSTGRES_URL, default the local one with trust auth). */
export const testPostgresServerUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: testPostgresServerUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** Creates an empty database named `<prefix>_<time>_<random>` on the test server. */
export async function createRunDatabase(prefix: string): Promise<RunDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(testPostgresServerUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
