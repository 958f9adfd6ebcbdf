import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { benchDatabaseUrl, createBenchKey, migrateBenchDatabase, startBenchServer } from '../bench-support.ts';

const root = new URL('../..', import.meta.url).pathname;

export interface OurServer {
  url: string;
  key: string;
  child: ChildProcess;
}

/**
 * `agentapi serve` with the default configuration, as `npm start` runs it, but for what a benchmark must
 * set: OpenAI's key and base URL pointed at the simulator, a fresh SQLite file (migrated first, as a
 * deployment does), the benchmark plans (a quota that is counted, never reached) and `workers`
 * (SERVER_WORKERS); `nodeFlags` go after npm start's own.
 */
export async function startOurServer(options: { port: number; simulatorUrl: string; workers: number; nodeFlags?: string[] }): Promise<OurServer> {
  const databaseUrl = benchDatabaseUrl();
  await migrateBenchDatabase(databaseUrl);
  const key = await createBenchKey(databaseUrl, { plan: 'bench', v1Plan: 'enterprise' });
  const server = await startBenchServer(
    {
      PORT: String(options.port),
      DATABASE_URL: databaseUrl,
      PLANS_FILE: join(root, 'bench/bench-plans.yaml'),
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_BASE_URL: `${options.simulatorUrl}/openai/v1`,
      SERVER_WORKERS: String(options.workers),
    },
    { showErrors: true, ...(options.nodeFlags ? { nodeFlags: options.nodeFlags } : {}) },
  );
  return { url: server.url, key, child: server.child };
}
