import type { Account } from '../../ports/account-repository.ts';
import type { Clock } from '../../ports/clock.ts';
import type { PlaybookQueue } from '../../ports/playbook-queue.ts';
import type { PlaybookRunRecord, PlaybookRunRepository } from '../../ports/playbook-run-repository.ts';
import type { QuotaService } from '../quotas/quota-service.ts';
import type { RunCallbacks } from '../webhooks/run-callbacks.ts';

/** What a new run is built from once its units are reserved. */
export interface RunLaunchContext {
  quotaDay: string;
  callbackUrl: string | null;
  now: Date;
}

/**
 * Starts durable runs (playbooks, and agent runs executed later): checks the callback address, reserves one
 * unit of the caller's daily quota per step (429 when they do not all fit), stores the run as `queued` and
 * queues its first step.
 */
export class RunLauncher {
  readonly #runs: PlaybookRunRepository;
  readonly #queue: PlaybookQueue;
  readonly #quotas: QuotaService;
  readonly #clock: Clock;
  readonly #callbacks: Pick<RunCallbacks, 'check'>;

  constructor(dependencies: {
    runs: PlaybookRunRepository;
    queue: PlaybookQueue;
    quotas: QuotaService;
    clock: Clock;
    /** Checks the callback address a run asks for (400 when it cannot be used). */
    callbacks: Pick<RunCallbacks, 'check'>;
  }) {
    this.#runs = dependencies.runs;
    this.#queue = dependencies.queue;
    this.#quotas = dependencies.quotas;
    this.#clock = dependencies.clock;
    this.#callbacks = dependencies.callbacks;
  }

  /** `build` runs once the units are reserved (a used-up quota answers 429 first); its refusal gives them back. */
  async launch(command: { account: Account; steps: number; callbackUrl?: string | undefined }, build: (context: RunLaunchContext) => Promise<PlaybookRunRecord>): Promise<PlaybookRunRecord> {
    const callbackUrl = command.callbackUrl === undefined ? null : await this.#callbacks.check(command.account.id, command.callbackUrl);
    const reservation = await this.#quotas.reserve(command.account, 'api', command.steps);
    let run: PlaybookRunRecord;
    try {
      run = await build({ quotaDay: reservation.day, callbackUrl, now: this.#clock.now() });
      // Storing the run settles the hold: its units are the run's from then on (refunds are the run's too).
      await this.#runs.create(run, reservation.settle(command.steps));
    } catch (error) {
      // A release that fails leaves the hold to expire, which gives the units back as well.
      await reservation.release().catch(() => undefined);
      throw error;
    }
    // Stored first: a nudge lost here is found again by the sweep.
    await this.#queue.enqueue({ runId: run.id, stepIndex: 0 });
    return run;
  }
}
