import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

// The benchmarks' processes: starting them, waiting for them, and what the kernel says they used. Apart from
// bench-support.ts so that a benchmark needing only these loads nothing else (see bench-table.ts).

const root = new URL('..', import.meta.url).pathname;

/**
 * A Node process of the benchmark's (`args` from the node binary on), in the repository, with only the
 * environment given; its standard error reaches this terminal when it mentions an error.
 */
export function start(name: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: root, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (chunk: Buffer) => {
    if (/error/i.test(chunk.toString())) process.stderr.write(`[${name}] ${chunk.toString()}`);
  });
  return child;
}

/** Resolves once `url` answers below 500; throws after 20 seconds. */
export async function waitFor(url: string, init?: RequestInit): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(url, init)).status < 500) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces): state is [0], ppid [1]. */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
}

/** CPU time (user + system) a process has used so far, in milliseconds, from /proc/<pid>/stat. */
export function processCpuMs(pid: number | undefined): number {
  const fields = statFields(Number(pid));
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks of 10 ms; they count every thread.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Peak resident memory of a process so far, from the kernel's high-water mark. */
export function peakRssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** A process and its descendants still running (a cluster's primary and its workers), from the ppid in /proc/<pid>/stat. */
export function processTree(pid: number | undefined): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(statFields(Number(entry))[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // ended while the list was read
    }
  }
  const tree: number[] = [];
  const pending = [Number(pid)];
  while (pending.length > 0) {
    const next = pending.pop() as number;
    tree.push(next);
    pending.push(...(children.get(next) ?? []));
  }
  return tree;
}

/** A function of one process summed (or otherwise folded) over a tree, skipping processes that ended meanwhile. */
function overTree(pid: number | undefined, measure: (pid: number) => number): number[] {
  return processTree(pid).flatMap((member) => {
    try {
      return [measure(member)];
    } catch {
      return [];
    }
  });
}

/** CPU time (user + system, every thread) of a process and its descendants, in milliseconds. */
export function treeCpuMs(pid: number | undefined): number {
  return overTree(pid, processCpuMs).reduce((sum, value) => sum + value, 0);
}

/** The largest peak resident memory among a process and its descendants, and how many processes that is. */
export function treePeakRssMb(pid: number | undefined): { mb: number; processes: number } {
  const peaks = overTree(pid, peakRssMb);
  return { mb: Math.max(0, ...peaks), processes: peaks.length };
}
