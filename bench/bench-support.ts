import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

export { argument, printTable } from './bench-table.ts';
export { processCpuMs } from './bench-processes.ts';

const root = new URL('..', import.meta.url).pathname;
const bin = join(root, 'bin/agentapi.js');

export interface BenchServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A port nothing listens on now, from the kernel. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The Node flags `npm start` passes (V8 heap sizing, see docs/decisions), so benchmarks run the server
 * exactly as a user does.
 */
export function startFlags(): string[] {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  return (scripts.start ?? '').split(/\s+/).filter((token) => token.startsWith('--'));
}

/** The benchmarks' agent request: `summarize`, pinned to one model so that every run makes the same upstream call. */
export const agentRequest = { prompt: 'Summarise: revenue grew 12% in Q3 while churn fell to 2.1%, and the team shipped the new onboarding flow.', model: 'openai/gpt-5-mini' };

/** A fresh SQLite file for one benchmark run. */
export function benchDatabaseUrl(): string {
  return `sqlite:${join(mkdtempSync(join(tmpdir(), 'agentapi-bench-')), 'bench.db')}`;
}

/**
 * Reads a process's JSON log (pino, one object a line) as it comes; `onLine` gets every line. Lines at
 * error level or above are also copied to this terminal, named by the process.
 */
function followLog(child: ChildProcess, name: string, onLine: (line: string) => void = () => undefined): void {
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      onLine(line);
      // pino's levels: 50 is error, 60 fatal.
      if (Number(/"level":(\d+)/.exec(line)?.[1] ?? 0) >= 50) process.stderr.write(`[${name} ${child.pid}] ${line}\n`);
    }
  });
}

/**
 * The real server as a user starts it; its log goes nowhere so the terminal shows only the table, except
 * errors when `showErrors` is set. `nodeFlags` go after npm start's own (a profiler's, say).
 */
export async function startBenchServer(env: Record<string, string>, options: { showErrors?: boolean; nodeFlags?: string[] } = {}): Promise<BenchServer> {
  // A port of the caller's (env.PORT) or a free one.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [...startFlags(), ...(options.nodeFlags ?? []), bin, 'serve'], {
    cwd: root,
    // One server process, as the measurements describe, unless the caller asks for workers.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: String(port), SERVER_WORKERS: '1', ...env },
    stdio: ['ignore', options.showErrors ? 'pipe' : 'ignore', 'inherit'],
  });
  if (options.showErrors) followLog(child, 'server');
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error('benchmark server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    stop: () => stopChild(child),
  };
}

/** SIGTERM, then the exit; at once when the process has already ended. */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * `agentapi worker` as a user starts it, ready once it takes steps. Its log goes nowhere except errors,
 * which reach this terminal.
 */
export async function startBenchWorker(env: Record<string, string>): Promise<BenchServer> {
  const child = spawn(process.execPath, [...startFlags(), bin, 'worker'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let ready = false;
  followLog(child, 'worker', (line) => {
    if (line.includes('Playbook worker started')) ready = true;
  });
  const deadline = Date.now() + 20_000;
  while (!ready) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error('benchmark worker did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: '',
    child,
    stop: () => stopChild(child),
  };
}

/** `agentapi migrate`, as a deployment runs it before starting on PostgreSQL. */
export async function migrateBenchDatabase(databaseUrl: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'migrate'], { cwd: root, env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`migrate exited ${code}: ${stderr}`))));
  });
}

export async function createBenchKey(
  databaseUrl: string,
  plans: { plan: string; v1Plan: string } = { plan: 'enterprise', v1Plan: 'enterprise' },
  user = 'bench',
): Promise<string> {
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'keys', 'create', '--user', user, '--v1-plan', plans.v1Plan, '--plan', plans.plan, '--json'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, PLANS_FILE: join(root, plans.plan.startsWith('bench') ? 'bench/bench-plans.yaml' : 'config/plans.yaml') },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`keys create exited ${code}`))));
  });
  return (JSON.parse(output) as { key: string }).key;
}

/** Deletes one run's Redis keys (those under its prefix), and only them. */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const client = new Redis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await client.quit();
  }
}
