import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { PlaybookQueue } from '../../ports/playbook-queue.ts';
import type { StepNudge } from '../../ports/playbook-run-repository.ts';
import { oneOf, trimEnd } from '../../shared/text-scanning.ts';
import { KeptNudges } from './kept-nudges.ts';

export interface BullMqPlaybookQueueOptions {
  url: string;
  /** The service's key prefix (`agentapi:…:`); the queue's keys live under it. */
  prefix: string;
  queueName?: string;
  /**
   * How long a worker's claim on a message holds without renewal. A process that dies mid-message loses
   * it after this long, and another process gets the message within about twice this.
   */
  lockDurationMs: number;
  /** Told about a handler that threw and about connection trouble; the queue carries on. */
  onError?: (error: unknown) => void;
  /** Nudges kept in memory while Redis refuses them, sent again when it is back (default 10,000). */
  keptNudgesLimit?: number;
  /** How long sending one nudge may take before it is kept to be sent again (default 1 s). */
  sendTimeoutMs?: number;
  /** How long close() waits for the worker and queue to close before dropping their connections (default 5 s). */
  closeTimeoutMs?: number;
}

type Handler = (nudge: StepNudge) => Promise<void>;

const jobName = 'step';

/** One message per step and attempt: a step taken over (a new claim) gets a new message. */
function nudgeKey(nudge: StepNudge): string {
  return `${nudge.runId}.${nudge.stepIndex}.${nudge.attempt ?? 0}`;
}

/**
 * Step messages in Redis through BullMQ, shared by every process of the service. A nudge for a step and
 * attempt that already has one waiting adds nothing; one sent while that job runs is kept and queued when the
 * job ends. The nudge for a step taken over carries the next attempt, so it is a new job, delivered at once
 * even while the dead process's job still counts as running. A nudge Redis refuses is kept in memory and
 * sent again when Redis is back. Finished jobs are removed at once: the database, not the queue, holds the state.
 */
export class BullMqPlaybookQueue implements PlaybookQueue {
  readonly #options: BullMqPlaybookQueueOptions;
  readonly #queueName: string;
  readonly #bullPrefix: string;
  readonly #onError: (error: unknown) => void;
  readonly #producerConnection: Redis;
  readonly #queue: Queue<StepNudge, void, typeof jobName>;
  #workerConnection: Redis | undefined;
  #worker: Worker<StepNudge, void, typeof jobName> | undefined;
  #closing: Promise<void> | undefined;
  readonly #kept: KeptNudges;
  #resending: Promise<void> | undefined;
  #retryTimer: ReturnType<typeof setInterval> | undefined;

  constructor(options: BullMqPlaybookQueueOptions) {
    this.#options = options;
    this.#queueName = options.queueName ?? 'playbook-steps';
    // BullMQ puts ':' between its prefix and the queue name itself.
    this.#bullPrefix = trimEnd(options.prefix, oneOf(':'));
    this.#onError = options.onError ?? (() => undefined);
    // Adding a job gives up after a second (sendTimeoutMs) instead of hanging its caller for as long as Redis
    // is away; the nudge is then kept and sent again, and the sweep still finds the run should it be lost.
    this.#producerConnection = openConnection(options.url, { maxRetriesPerRequest: 2 });
    this.#queue = new Queue<StepNudge, void, typeof jobName>(this.#queueName, {
      connection: this.#producerConnection,
      prefix: this.#bullPrefix,
      defaultJobOptions: { removeOnComplete: true, removeOnFail: true },
    });
    this.#queue.on('error', (error) => this.#reportError(error));
    this.#kept = new KeptNudges(options.keptNudgesLimit ?? 10_000);
    this.#producerConnection.on('ready', () => this.#resendKept());
  }

  /** Sends the nudge, or keeps it to send when Redis is back: it resolves either way. */
  async enqueue(nudge: StepNudge): Promise<void> {
    if (this.#closing) return;
    // Redis is known to be away: kept at once, after the others, rather than holding the caller again.
    if (this.#kept.size > 0) return void this.#keep(nudge, undefined);
    try {
      await this.#add(nudge);
    } catch (error) {
      this.#keep(nudge, error);
    }
  }

  /** Nudges waiting for Redis to come back. */
  get keptNudges(): number {
    return this.#kept.size;
  }

  async #add(nudge: StepNudge): Promise<void> {
    // Deduplicated on the step and attempt rather than keyed by them: a fixed job id would also swallow a
    // nudge sent while the step's job is running (a resume after a cancel, say), which must run once that job is done.
    const deduplication = { id: nudgeKey(nudge), keepLastIfActive: true };
    // BullMQ takes plain jobs before prioritized ones: a run's later steps go ahead of new runs' first steps.
    const adding = this.#queue.add(jobName, { runId: nudge.runId, stepIndex: nudge.stepIndex, attempt: nudge.attempt ?? 0 }, { deduplication, ...(nudge.stepIndex === 0 ? { priority: 1 } : {}) });
    // While Redis is away the command may wait for a reconnection that does not come: the nudge is kept
    // instead. Should the command still go through later, the nudge is sent twice, which does no harm.
    adding.catch(() => undefined);
    await withinMs(adding, this.#options.sendTimeoutMs ?? 1_000, 'Redis did not take the playbook step message in time');
  }

  #keep(nudge: StepNudge, cause: unknown): void {
    const wasEmpty = this.#kept.size === 0;
    const dropped = this.#kept.keep(nudgeKey(nudge), nudge);
    if (wasEmpty) this.#reportError(new Error('Redis refused a playbook step message; it is kept in memory and sent again when Redis is back', { cause }));
    if (dropped) this.#reportError(new Error(`Too many playbook step messages kept while Redis is away: dropped the oldest (run ${dropped.runId}, step ${dropped.stepIndex}); the sweep finds it`));
    // Sent again on reconnection, and tried every second meanwhile: a refused command is not always
    // followed by a reconnection.
    if (!this.#retryTimer) {
      this.#retryTimer = setInterval(() => this.#resendKept(), this.#options.sendTimeoutMs ?? 1_000);
      this.#retryTimer.unref();
    }
  }

  #resendKept(): void {
    if (this.#kept.size === 0 || this.#closing) return;
    this.#resending ??= this.#kept
      .resend((nudge) => this.#add(nudge))
      .then(() => undefined, () => undefined)
      .finally(() => {
        this.#resending = undefined;
        if (this.#kept.size === 0) this.#stopRetrying();
      });
  }

  #stopRetrying(): void {
    clearInterval(this.#retryTimer);
    this.#retryTimer = undefined;
  }

  consume(handler: Handler, options: { concurrency: number }): void {
    if (this.#worker) throw new Error('This queue is already being consumed.');
    if (this.#closing) throw new Error('This queue is closed.');
    // The worker opens two copies of this connection (one blocks waiting for jobs), so the original, only
    // their template, never connects. BullMQ requires worker connections to retry without a limit.
    this.#workerConnection = openConnection(this.#options.url, { maxRetriesPerRequest: null, lazyConnect: true });
    this.#worker = new Worker<StepNudge, void, typeof jobName>(
      this.#queueName,
      async (job) => {
        try {
          await handler({ runId: job.data.runId, stepIndex: job.data.stepIndex, attempt: job.data.attempt ?? 0 });
        } catch (error) {
          // Completing the job anyway: the database holds the step's state, and the sweep nudges it again.
          this.#reportError(error);
        }
      },
      {
        connection: this.#workerConnection,
        prefix: this.#bullPrefix,
        concurrency: options.concurrency,
        lockDuration: this.#options.lockDurationMs,
        stalledInterval: this.#options.lockDurationMs,
        // A job whose process died goes back to the queue; only a job that keeps killing its workers fails.
        maxStalledCount: 5,
      },
    );
    this.#worker.on('error', (error) => this.#reportError(error));
  }

  /**
   * Stops taking messages and waits for the ones in hand, at most `closeTimeoutMs`: past that (Redis went away
   * and BullMQ waits for it) the connections are dropped, so that stopping never hangs.
   */
  close(): Promise<void> {
    this.#closing ??= this.#boundedClose();
    return this.#closing;
  }

  async #boundedClose(): Promise<void> {
    this.#stopRetrying();
    const timeoutMs = this.#options.closeTimeoutMs ?? 5_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gaveUp = new Promise<true>((resolve) => {
      timer = setTimeout(() => resolve(true), timeoutMs);
    });
    const closed = this.#close().then(
      () => false as const,
      (error: unknown) => {
        this.#reportError(error);
        return false as const;
      },
    );
    try {
      if (await Promise.race([closed, gaveUp])) {
        this.#reportError(new Error(`The playbook queue did not close within ${timeoutMs} ms; its Redis connections were dropped`));
        this.#dropConnections();
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** Drops every connection without waiting: their own disconnects may wait for Redis too. */
  #dropConnections(): void {
    for (const closing of [this.#worker?.disconnect(), this.#queue.disconnect()]) closing?.catch(() => undefined);
    this.#producerConnection.disconnect();
    this.#workerConnection?.disconnect();
  }

  async #close(): Promise<void> {
    try {
      // The worker first: it finishes the jobs in hand, which may still enqueue follow-up steps.
      await this.#worker?.close();
      await this.#queue.close();
    } finally {
      await Promise.all([closeConnection(this.#producerConnection), this.#workerConnection && closeConnection(this.#workerConnection)]);
    }
  }

  #reportError(error: unknown): void {
    try {
      this.#onError(error);
    } catch {
      // A failing error callback must not stop the queue either.
    }
  }
}

/** The promise's outcome, or a rejection once `timeoutMs` passed. */
async function withinMs<T>(promise: Promise<T>, timeoutMs: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function openConnection(url: string, options: { maxRetriesPerRequest: number | null; lazyConnect?: boolean }): Redis {
  const redis = new Redis(url, options);
  // Connection errors surface through BullMQ's own error events; the client reconnects by itself.
  redis.on('error', () => undefined);
  return redis;
}

/** QUIT when the server answers, otherwise just drop the socket: closing must not hang on a dead server. */
async function closeConnection(redis: Redis): Promise<void> {
  if (redis.status === 'wait' || redis.status === 'end') {
    redis.disconnect();
    return;
  }
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
