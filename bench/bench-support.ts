import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

const root = new URL('..', import.meta.url).pathname;
const bin = join(root, 'bin/agentapi.js');

export interface BenchServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
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

/** A fresh SQLite file for one benchmark run. */
export function benchDatabaseUrl(): string {
  return `sqlite:${join(mkdtempSync(join(tmpdir(), 'agentapi-bench-')), 'bench.db')}`;
}

/** The real server as a user starts it; its log goes nowhere so the terminal shows only the table. */
export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [...startFlags(), bin, 'serve'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('benchmark server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function createBenchKey(databaseUrl: string, plans: { plan: string; v1Plan: string } = { plan: 'enterprise', v1Plan: 'enterprise' }): Promise<string> {
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'keys', 'create', '--user', 'bench', '--v1-plan', plans.v1Plan, '--plan', plans.plan, '--json'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, PLANS_FILE: join(root, plans.plan === 'bench' ? 'bench/bench-plans.yaml' : 'config/plans.yaml') },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`keys create exited ${code}`))));
  });
  return (JSON.parse(output) as { key: string }).key;
}

/** Prints a markdown table, so results paste straight into docs. */
export function printTable(headers: string[], rows: (string | number)[][]): void {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells: (string | number)[]) => `| ${cells.map((cell, column) => String(cell).padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

export function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
