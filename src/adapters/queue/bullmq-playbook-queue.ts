import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { PlaybookQueue } from '../../ports/playbook-queue.ts';
import type { StepNudge } from '../../ports/playbook-run-repository.ts';
import { oneOf, trimEnd } from '../../shared/text-scanning.ts';

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
}

type Handler = (nudge: StepNudge) => Promise<void>;

const jobName = 'step';

/**
 * Step messages in Redis through BullMQ, shared by every process of the service. A nudge for a step that
 * already has one waiting adds nothing; one sent while the step's job runs is kept and queued when that job
 * ends. Finished jobs are removed at once: the database, not the queue, holds the state.
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

  constructor(options: BullMqPlaybookQueueOptions) {
    this.#options = options;
    this.#queueName = options.queueName ?? 'playbook-steps';
    // BullMQ puts ':' between its prefix and the queue name itself.
    this.#bullPrefix = trimEnd(options.prefix, oneOf(':'));
    this.#onError = options.onError ?? (() => undefined);
    // Adding a job gives up after a few reconnection attempts instead of hanging its caller for as long as
    // Redis is away; the run is in the database, and the sweep nudges it again.
    this.#producerConnection = openConnection(options.url, { maxRetriesPerRequest: 2 });
    this.#queue = new Queue<StepNudge, void, typeof jobName>(this.#queueName, {
      connection: this.#producerConnection,
      prefix: this.#bullPrefix,
      defaultJobOptions: { removeOnComplete: true, removeOnFail: true },
    });
    this.#queue.on('error', (error) => this.#reportError(error));
  }

  async enqueue(nudge: StepNudge): Promise<void> {
    // Deduplicated on the step rather than keyed by it: a fixed job id would also swallow a nudge sent while
    // the step's job is running (a resume after a cancel, say), which must run once that job is done.
    const deduplication = { id: `${nudge.runId}.${nudge.stepIndex}`, keepLastIfActive: true };
    // BullMQ takes plain jobs before prioritized ones: a run's later steps go ahead of new runs' first steps.
    await this.#queue.add(jobName, { runId: nudge.runId, stepIndex: nudge.stepIndex }, { deduplication, ...(nudge.stepIndex === 0 ? { priority: 1 } : {}) });
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
          await handler({ runId: job.data.runId, stepIndex: job.data.stepIndex });
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

  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
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
