import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { start, waitFor } from '../bench-processes.ts';
import { benchDatabaseUrl, createBenchKey, migrateBenchDatabase, startFlags } from '../bench-support.ts';

const root = new URL('../..', import.meta.url).pathname;

export interface OurServer {
  url: string;
  key: string;
  child: ChildProcess;
}

/**
 * `agentapi serve` with the default configuration, as `npm start` runs it, but for what a benchmark must
 * set: OpenAI's key and base URL pointed at the simulator, a fresh SQLite file (migrated first, as a
 * deployment does) and the benchmark plans (a quota that is counted, never reached), with `--workers`;
 * `nodeFlags` go after npm start's own.
 */
export async function startOurServer(options: { port: number; simulatorUrl: string; workers: number; nodeFlags?: string[] }): Promise<OurServer> {
  const databaseUrl = benchDatabaseUrl();
  await migrateBenchDatabase(databaseUrl);
  const key = await createBenchKey(databaseUrl, { plan: 'bench', v1Plan: 'enterprise' });
  const serveArguments = ['serve', '--workers', String(options.workers)];
  const child = start(`agentapi ${serveArguments.join(' ')}`, [...startFlags(), ...(options.nodeFlags ?? []), 'bin/agentapi.js', ...serveArguments], {
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATABASE_URL: databaseUrl,
    PLANS_FILE: join(root, 'bench/bench-plans.yaml'),
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: `${options.simulatorUrl}/openai/v1`,
  });
  const url = `http://127.0.0.1:${options.port}`;
  await waitFor(`${url}/readyz`);
  return { url, key, child };
}
