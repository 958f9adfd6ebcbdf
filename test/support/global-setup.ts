import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { resolve } from 'node:path';
import { buildConsole } from '../../scripts/console/build-console.ts';
import { packageRoot } from '../../src/config/load-config.ts';

/**
 * Each test run gets its own PostgreSQL database and Redis key prefix, so runs on one machine never
 * share state. TEST_POSTGRES_URL names the server (default: the local one with trust auth).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  // The console's browser tests and the served /console use the files `npm run build` writes: built afresh.
  await buildConsole({ root: packageRoot, outDir: resolve(packageRoot, 'dist/console') });
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const databaseName = `agentapi_test_${runId}`;

  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();

  const runUrl = new URL(serverUrl);
  runUrl.pathname = `/${databaseName}`;
  project.provide('postgresUrl', runUrl.toString());
  project.provide('redisPrefix', `agentapi-test:${runId}:`);

  return async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await cleanup.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    redisPrefix: string;
  }
}
