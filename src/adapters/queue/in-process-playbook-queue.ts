import type { PlaybookQueue } from '../../ports/playbook-queue.ts';
import type { StepNudge } from '../../ports/playbook-run-repository.ts';

export interface InProcessPlaybookQueueOptions {
  /** Told about a handler that threw; the queue carries on. */
  onError?: (error: unknown) => void;
}

type Handler = (nudge: StepNudge) => Promise<void>;

function nudgeKey(nudge: StepNudge): string {
  return `${nudge.runId}.${nudge.stepIndex}`;
}

/**
 * The queue of the embedded mode: one process, messages in memory, first in first out within each of two
 * lanes (later steps, then first steps). Messages still waiting when the process stops are lost; the
 * database keeps the runs, and the sweep nudges them again.
 */
export class InProcessPlaybookQueue implements PlaybookQueue {
  readonly #onError: (error: unknown) => void;
  /** Later steps of started runs, then first steps: a started run finishes before new ones begin. */
  readonly #continuing: StepNudge[] = [];
  readonly #waiting: StepNudge[] = [];
  readonly #waitingKeys = new Set<string>();
  readonly #running = new Set<Promise<void>>();
  #handler: Handler | undefined;
  #concurrency = 0;
  #closed = false;

  constructor(options: InProcessPlaybookQueueOptions = {}) {
    this.#onError = options.onError ?? (() => undefined);
  }

  async enqueue(nudge: StepNudge): Promise<void> {
    if (this.#closed) return;
    const key = nudgeKey(nudge);
    if (this.#waitingKeys.has(key)) return;
    this.#waitingKeys.add(key);
    (nudge.stepIndex === 0 ? this.#waiting : this.#continuing).push({ runId: nudge.runId, stepIndex: nudge.stepIndex });
    this.#pump();
  }

  consume(handler: Handler, options: { concurrency: number }): void {
    if (this.#handler) throw new Error('This queue is already being consumed.');
    if (!Number.isInteger(options.concurrency) || options.concurrency < 1) {
      throw new RangeError(`Concurrency must be a positive integer, got ${options.concurrency}.`);
    }
    this.#handler = handler;
    this.#concurrency = options.concurrency;
    this.#pump();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#waiting.length = 0;
    this.#continuing.length = 0;
    this.#waitingKeys.clear();
    await Promise.all(this.#running);
  }

  #pump(): void {
    const handler = this.#handler;
    if (!handler) return;
    while (!this.#closed && this.#running.size < this.#concurrency) {
      const nudge = this.#continuing.shift() ?? this.#waiting.shift();
      if (!nudge) return;
      this.#waitingKeys.delete(nudgeKey(nudge));
      const running: Promise<void> = Promise.resolve()
        .then(() => handler(nudge))
        .catch((error: unknown) => this.#reportError(error))
        .finally(() => {
          this.#running.delete(running);
          this.#pump();
        });
      this.#running.add(running);
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
