import cluster, { type Worker } from 'node:cluster';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { ClusterMessage } from '../adapters/cluster/cluster-messages.ts';
import { clusterMessageRouter } from './message-router.ts';
import { nextCrashCount, restartDelayMs } from './restart-backoff.ts';

export interface ClusterPrimaryOptions {
  workers: number;
  logger: Logger;
  /** Resolves on SIGINT or SIGTERM. */
  stopped: Promise<void>;
  /** How long the workers have to finish their runs and close before they are killed. */
  stopTimeoutMs: number;
}

/** One place in the pool: the worker holding it now, and how it has been dying. */
interface Slot {
  worker: Worker | undefined;
  startedAt: number;
  crashesInRow: number;
  restart: ReturnType<typeof setTimeout> | undefined;
}

/**
 * The primary of `agentapi serve --workers N`: builds no services. It forks N workers (each the whole
 * server, sharing one listening socket that the primary hands connections from, round-robin), replaces a
 * worker that dies (after a backoff), passes run signals and circuit changes from each worker to the others,
 * gathers the workers' metrics for a scrape, and on SIGINT/SIGTERM stops them all and waits for them.
 * Resolves with the exit code: 0 after a stop; a worker's code when the server could not start.
 */
export async function runClusterPrimary(options: ClusterPrimaryOptions): Promise<number> {
  const { logger } = options;
  const slots: Slot[] = Array.from({ length: options.workers }, () => ({ worker: undefined, startedAt: 0, crashesInRow: 0, restart: undefined }));
  const listened = new Set<number>();
  let stopping = false;
  /** Set when the server could not start, or workers had to be killed. */
  let failure: number | undefined;
  let allExited: () => void = () => undefined;

  const connected = () => new Map(slots.flatMap((slot) => (slot.worker?.isConnected() ? [[slot.worker.id, sendTo(slot.worker)] as const] : [])));
  const router = clusterMessageRouter({ connected });

  const fork = (index: number) => {
    const slot = slots[index] as Slot;
    slot.restart = undefined;
    const worker = cluster.fork();
    slot.worker = worker;
    slot.startedAt = Date.now();
    worker.on('message', (message: unknown) => router.deliver(worker.id, message, sendTo(worker)));
    worker.on('listening', (address: AddressInfo) => {
      if (listened.has(index)) return;
      listened.add(index);
      if (listened.size === options.workers) {
        const url = `http://${address.address?.includes(':') ? `[${address.address}]` : address.address}:${address.port}`;
        const pids = slots.map((each) => each.worker?.process.pid);
        logger.info({ address: url, workers: options.workers, pids }, `Agent Execution API listening on ${url} with ${options.workers} workers`);
      }
    });
    worker.on('exit', (code, signal) => {
      router.forget(worker.id);
      if (slot.worker === worker) slot.worker = undefined;
      if (stopping) {
        if (slots.every((each) => each.worker === undefined)) allExited();
        return;
      }
      if (listened.size < options.workers) {
        // The server never came up (a port in use, a bad catalog…): stop, as a single process would.
        logger.error({ worker: worker.id, code, signal }, `server worker ${worker.id} exited while the server was starting; stopping`);
        failure = code || 1;
        void stop();
        return;
      }
      slot.crashesInRow = nextCrashCount(slot.crashesInRow, Date.now() - slot.startedAt);
      const delayMs = restartDelayMs(slot.crashesInRow);
      logger.warn({ worker: worker.id, pid: worker.process.pid, code, signal, crashesInRow: slot.crashesInRow, restartInMs: delayMs }, `server worker ${worker.id} exited unexpectedly; starting another in ${delayMs} ms`);
      slot.restart = setTimeout(() => fork(index), delayMs);
    });
  };

  const exited = new Promise<void>((resolve) => (allExited = resolve));
  let stopTimer: ReturnType<typeof setTimeout> | undefined;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    for (const slot of slots) clearTimeout(slot.restart);
    const running = slots.flatMap((slot) => (slot.worker ? [slot.worker] : []));
    if (running.length === 0) allExited();
    // Each worker stops as a single server does on SIGTERM: no new requests, runs in progress recorded.
    for (const worker of running) worker.process.kill('SIGTERM');
    const timedOut = await Promise.race([
      exited.then(() => false),
      new Promise<boolean>((resolve) => (stopTimer = setTimeout(() => resolve(true), options.stopTimeoutMs))),
    ]);
    clearTimeout(stopTimer);
    if (timedOut) {
      const left = slots.flatMap((slot) => (slot.worker ? [slot.worker] : []));
      logger.error({ pids: left.map((worker) => worker.process.pid), waitedMs: options.stopTimeoutMs }, 'server workers still running at the end of the stop; killing them');
      for (const worker of left) worker.process.kill('SIGKILL');
      failure ??= 1;
    }
  };

  cluster.schedulingPolicy = cluster.SCHED_RR;
  for (let index = 0; index < options.workers; index += 1) fork(index);
  await Promise.race([options.stopped, exited]);
  await stop();
  return failure ?? 0;
}

/** Sends to a worker, dropping the message if its channel closed meanwhile (it is exiting). */
function sendTo(worker: Worker): (message: ClusterMessage) => void {
  return (message) => {
    if (worker.isConnected()) worker.send(message, undefined, () => undefined);
  };
}
