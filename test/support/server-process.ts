import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { packageRoot } from '../../src/config/load-config.ts';
import { waitFor } from './wait-for.ts';

const bin = join(packageRoot, 'bin/agentapi.js');

/**
 * Only what a process needs to run: tests never pass on a developer's provider keys. `serve` is one process
 * unless a test asks for workers (SERVER_WORKERS or --workers).
 */
function childEnvironment(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', WEBHOOK_SECRET_KEY: processSecretKey, SERVER_WORKERS: '1', ...env };
}

/** One webhook secret key for every process a test file starts, so they can read each other's secrets. */
const processSecretKey = randomBytes(32).toString('base64');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `agentapi <args>` as a separate process, the way a user runs it (from the package's folder unless `cwd`). */
export function runCli(args: string[], env: Record<string, string>, options: { cwd?: string } = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: options.cwd ?? packageRoot, env: childEnvironment(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface ServerProcess {
  url: string;
  process: ChildProcess;
  output(): string;
  /** SIGTERM, then waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** How long a process may take to say it is ready before it is killed and the start fails. */
export interface StartOptions {
  startupMs?: number;
  /** `serve`'s own options, such as `--workers 2`. */
  args?: string[];
}

/** Starts `agentapi serve` on a free port and waits until it listens. */
export async function startServerProcess(env: Record<string, string>, options: StartOptions = {}): Promise<ServerProcess> {
  const port = await freePort();
  return startProcess(['serve', ...(options.args ?? [])], { HOST: '127.0.0.1', PORT: String(port), ...env }, 'Agent Execution API listening', `http://127.0.0.1:${port}`, options);
}

/**
 * Starts `agentapi worker` and waits until it takes steps, or until it prints `readyLine`; `url` is empty (a
 * worker serves no HTTP).
 */
export async function startWorkerProcess(env: Record<string, string>, readyLine = 'Playbook worker started', options: StartOptions = {}): Promise<ServerProcess> {
  return startProcess(['worker'], env, readyLine, '', options);
}

async function startProcess(args: string[], env: Record<string, string>, readyLine: string, url: string, options: StartOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, [bin, ...args], { cwd: packageRoot, env: childEnvironment(env) });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  await waitFor(() => output.includes(readyLine) || child.exitCode !== null, {
    timeoutMs: options.startupMs ?? 20_000,
    intervalMs: 50,
    what: () => `agentapi ${args.join(' ')} to start:\n${output}`,
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  if (!output.includes(readyLine)) throw new Error(`agentapi ${args.join(' ')} exited with ${child.exitCode}:\n${output}`);
  return {
    url,
    process: child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
