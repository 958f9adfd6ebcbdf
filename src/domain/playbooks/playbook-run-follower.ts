import type { PlaybookEventRecord, PlaybookRunRecord, PlaybookRunRepository } from '../../ports/playbook-run-repository.ts';
import type { RunEventBus } from '../../ports/run-event-bus.ts';
import { FollowerSlots, type FollowerLimits, type FollowerSlot } from './follower-slots.ts';
import { isRunFinished } from './playbook-run-state.ts';

const eventPage = 200;

/** Watches runs as they progress, in any process: the database holds the events, the bus says when to look. */
export class PlaybookRunFollower {
  readonly #runs: PlaybookRunRepository;
  readonly #events: RunEventBus;
  /** How often to look without a signal (a signal can be lost between processes). */
  readonly #pollMs: number;
  readonly #slots: FollowerSlots;
  /** A monotonic reading in milliseconds, for waitForEnd's deadline. */
  readonly #now: () => number;

  constructor(dependencies: { runs: PlaybookRunRepository; events: RunEventBus; pollMs: number; limits: FollowerLimits; now?: () => number }) {
    this.#runs = dependencies.runs;
    this.#events = dependencies.events;
    this.#pollMs = dependencies.pollMs;
    this.#slots = new FollowerSlots(dependencies.limits);
    this.#now = dependencies.now ?? (() => performance.now());
  }

  /** How many followers this process serves now: each holds a place until it leaves. */
  get following(): number {
    return this.#slots.taken;
  }

  /** A place for one more follower of the run, to release when it leaves; 503 `overloaded` past the limits. */
  admit(runId: string, accountId: string): FollowerSlot {
    return this.#slots.take(runId, accountId);
  }

  /**
   * The run's events after `afterSequence`, in order, as they happen. Ends once the run has finished and
   * every event is out (a resumed run is followed again with a new call), or when `signal` aborts.
   */
  async *follow(runId: string, afterSequence: number, signal: AbortSignal): AsyncGenerator<PlaybookEventRecord> {
    const waiter = this.#waiter(runId, signal);
    let last = afterSequence;
    try {
      while (!signal.aborted) {
        waiter.reset();
        const events = await this.#runs.listEvents(runId, last, eventPage);
        for (const event of events) {
          last = event.sequence;
          yield event;
        }
        if (events.length === eventPage) continue;
        const run = await this.#runs.findById(runId);
        if (!run || (isRunFinished(run.status) && last >= run.eventCount)) return;
        await waiter.wait(this.#pollMs);
      }
    } finally {
      waiter.stop();
    }
  }

  /** The run once it has finished, or as it stands when `timeoutMs` have passed. */
  async waitForEnd(runId: string, timeoutMs: number): Promise<PlaybookRunRecord | undefined> {
    const deadline = this.#now() + timeoutMs;
    const waiter = this.#waiter(runId);
    try {
      for (;;) {
        waiter.reset();
        const run = await this.#runs.findById(runId);
        const remaining = deadline - this.#now();
        if (!run || isRunFinished(run.status) || remaining <= 0) return run;
        await waiter.wait(Math.min(this.#pollMs, remaining));
      }
    } finally {
      waiter.stop();
    }
  }

  /** Sleeps until the run's next signal, `milliseconds`, or the abort, whichever is first; a signal that came while awake is not missed. */
  #waiter(runId: string, signal?: AbortSignal) {
    let signalled = false;
    let wake: (() => void) | undefined;
    const unsubscribe = this.#events.subscribe(runId, () => {
      signalled = true;
      wake?.();
    });
    return {
      reset: () => {
        signalled = false;
      },
      wait: (milliseconds: number) =>
        new Promise<void>((resolve) => {
          if (signalled || signal?.aborted) return resolve();
          const done = () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            wake = undefined;
            resolve();
          };
          const timer = setTimeout(done, milliseconds);
          signal?.addEventListener('abort', done, { once: true });
          wake = done;
        }),
      stop: unsubscribe,
    };
  }
}
