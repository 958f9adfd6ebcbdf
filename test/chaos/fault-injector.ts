import type { ChaosCluster, ProcessSlot } from './chaos-cluster.ts';
import type { ChaosLoad } from './chaos-load.ts';
import type { PlannedFault } from './fault-schedule.ts';
import { stepsClaimedBy, watchTakeovers, type Takeover } from './takeover-watch.ts';

/** A time window (performance.now() milliseconds) during which something was down. */
export interface Window {
  from: number;
  to: number;
}

/** What the faults did, for the checks. */
export interface FaultRecord {
  applied: (PlannedFault & Window & { process?: string })[];
  /** Processes killed or paused, by name: their answers in these windows are not held to the time bound. */
  disturbed: Map<string, Window[]>;
  cuts: Window[];
  /** /readyz answers of every running API process well into a cut (it may take two seconds to notice). */
  readinessDuringCuts: (number | undefined)[];
  /** How long after each restore every API process answered /readyz 200 (undefined: not within 10 s). */
  readyAgainMs: (number | undefined)[];
  takeovers: Takeover[];
}

const readinessNoticeMs = 2600;

async function readiness(slot: ProcessSlot): Promise<number | undefined> {
  try {
    const response = await fetch(`${slot.current.url}/readyz`, { signal: AbortSignal.timeout(2500) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return undefined;
  }
}

/** /readyz of every API process that is up; a process that died meanwhile is the crash check's, not counted here. */
async function readinessOfRunning(slots: readonly ProcessSlot[]): Promise<(number | undefined)[]> {
  const answers = await Promise.all(
    slots
      .filter((slot) => slot.running)
      .map(async (slot) => {
        const child = slot.current.process;
        const status = await readiness(slot);
        return { status, alive: child.exitCode === null && child.signalCode === null };
      }),
  );
  return answers.filter((answer) => answer.alive).map((answer) => answer.status);
}

/**
 * The worker to kill: the planned one if it holds a claim on a running step, or else the first running
 * worker that does, waiting for one up to `withinMs`; a kill that catches no step measures no takeover.
 */
async function workerWithClaims(cluster: ChaosCluster, planned: number, withinMs: number): Promise<{ slot: ProcessSlot; claimed: Awaited<ReturnType<typeof stepsClaimedBy>> } | undefined> {
  const deadline = performance.now() + withinMs;
  const order = [...cluster.workers.slice(planned % cluster.workers.length), ...cluster.workers];
  for (;;) {
    for (const slot of order.filter((candidate) => candidate.running)) {
      const claimed = await stepsClaimedBy(cluster.pool, slot.current.process.pid ?? 0);
      if (claimed.length > 0 || performance.now() > deadline) return { slot, claimed };
    }
    if (performance.now() > deadline) return undefined;
    await sleep(50);
  }
}

async function untilReady(slot: ProcessSlot, withinMs: number): Promise<number | undefined> {
  const started = performance.now();
  while (performance.now() - started < withinMs) {
    if ((await readiness(slot)) === 200) return performance.now() - started;
    await sleep(100);
  }
  return undefined;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** When, into a cut, one agent run and one playbook start are sent besides the load: every cut meets both kinds. */
const probeOffsetsMs = [300, 1500];

/** Applies the faults in order, each at its time after `startedAt`, and records what happened. */
export async function injectFaults(cluster: ChaosCluster, load: Pick<ChaosLoad, 'send'>, faults: readonly PlannedFault[], startedAt: number, leaseMs: number): Promise<FaultRecord> {
  const record: FaultRecord = { applied: [], disturbed: new Map(), cuts: [], readinessDuringCuts: [], readyAgainMs: [], takeovers: [] };
  const watches: Promise<Takeover[]>[] = [];
  const restarts: Promise<void>[] = [];
  const disturb = (name: string, window: Window) => record.disturbed.set(name, [...(record.disturbed.get(name) ?? []), window]);
  const kill = (slot: ProcessSlot, fault: PlannedFault, from: number) => {
    cluster.kill(slot);
    record.applied.push({ ...fault, from, to: from + fault.durationMs, process: slot.name });
    // Restarted in the background: starting a process takes seconds on a busy machine, and the faults go on.
    restarts.push(
      sleep(fault.durationMs)
        .then(() => cluster.restart(slot))
        .finally(() => disturb(slot.name, { from, to: performance.now() })),
    );
  };

  for (const fault of faults) {
    await sleep(Math.max(0, startedAt + fault.atMs - performance.now()));
    const from = performance.now();
    if (fault.kind === 'redis-cut' || fault.kind === 'postgres-cut') {
      const proxy = fault.kind === 'redis-cut' ? cluster.redisProxy : cluster.postgresProxy;
      proxy.cut();
      for (const offsetMs of probeOffsetsMs) {
        await sleep(Math.max(0, from + offsetMs - performance.now()));
        load.send('agent');
        load.send('playbook');
      }
      await sleep(Math.max(0, from + readinessNoticeMs - performance.now()));
      record.readinessDuringCuts.push(...(await readinessOfRunning(cluster.apis)));
      await sleep(Math.max(0, from + fault.durationMs - performance.now()));
      proxy.restore();
      const window = { from, to: performance.now() };
      record.cuts.push(window);
      record.applied.push({ ...fault, ...window });
      record.readyAgainMs.push(...(await Promise.all(cluster.apis.filter((slot) => slot.running).map((slot) => untilReady(slot, 10_000)))));
      continue;
    }
    if (fault.kind === 'worker-kill') {
      const victim = await workerWithClaims(cluster, fault.target, 5000);
      if (!victim) continue;
      const killedAt = performance.now();
      kill(victim.slot, fault, killedAt);
      if (victim.claimed.length > 0) watches.push(watchTakeovers(cluster.pool, victim.claimed, killedAt, 10 * leaseMs));
      continue;
    }
    // The planned process, or the next one of its kind that is running (a restart may still be under way).
    const slots = fault.kind.startsWith('api') ? cluster.apis : cluster.workers;
    const slot = [...slots.slice(fault.target % slots.length), ...slots].find((candidate) => candidate.running);
    if (!slot) continue;
    if (fault.kind === 'api-kill') {
      kill(slot, fault, from);
      continue;
    }
    slot.current.process.kill('SIGSTOP');
    await sleep(fault.durationMs);
    slot.current.process.kill('SIGCONT');
    const window = { from, to: performance.now() };
    disturb(slot.name, window);
    record.applied.push({ ...fault, ...window, process: slot.name });
  }
  await Promise.all(restarts);
  record.takeovers = (await Promise.all(watches)).flat();
  return record;
}
