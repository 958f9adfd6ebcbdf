import type { Clock } from '../../ports/clock.ts';
import type { PlaybookQueue } from '../../ports/playbook-queue.ts';
import type { PlaybookError, PlaybookRunRecord, PlaybookRunRepository, StepClaim, StepNudge } from '../../ports/playbook-run-repository.ts';
import type { RunRepository } from '../../ports/run-repository.ts';
import type { RunEventBus } from '../../ports/run-event-bus.ts';
import type { AgentRunner } from '../agents/agent-runner.ts';
import type { PlanRunSettings } from '../quotas/plan-run-settings.ts';
import type { CallbackOutbox } from '../webhooks/callback-outbox.ts';
import type { PlaybookCatalog } from './playbook-catalog.ts';
import { playbookEvents } from './playbook-run-events.ts';
import { firstUnfinishedStep } from './playbook-run-state.ts';
import { PlaybookStepRun } from './playbook-step-run.ts';

export interface PlaybookExecutorOptions {
  /** This process, as recorded on the steps it claims. */
  owner: string;
  /** How long a claim holds unless renewed; renewed every third of it while the step runs. */
  leaseMs: number;
  /** Runs one account may have running at once. */
  accountConcurrency: number;
}

/** How long after a lease's expiry the sweep's scheduled nudge for its step is sent. */
const takeoverMarginMs = 25;

/**
 * Executes playbook steps, one per nudge, in whichever process the nudge reaches. The database decides:
 * a step runs only after this process claimed it, its result counts only while the claim holds, and the
 * next step is queued only after the result is stored. A process that dies mid-step leaves a claim that
 * expires; the step is then claimed again (by the sweep's nudge or the queue's redelivery) and run once more.
 */
export class PlaybookStepExecutor {
  readonly #runs: PlaybookRunRepository;
  readonly #steps: PlaybookStepRun;
  readonly #queue: PlaybookQueue;
  readonly #events: RunEventBus;
  readonly #clock: Clock;
  readonly #options: PlaybookExecutorOptions;
  readonly #onError: (error: unknown, nudge: StepNudge) => void;
  readonly #callbacks: Pick<CallbackOutbox, 'deliveryFor'> | undefined;
  /** Nudges the sweep scheduled for leases about to expire, by step and attempt. */
  readonly #scheduled = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(dependencies: {
    playbooks: PlaybookCatalog;
    runs: PlaybookRunRepository;
    runner: Pick<AgentRunner, 'run'>;
    /** The run log: a step completed from a stored answer makes sure its execution is there (PlaybookStepRun). */
    runLog: Pick<RunRepository, 'findById' | 'insert'>;
    queue: PlaybookQueue;
    events: RunEventBus;
    planSettingsOf: (accountId: string) => Promise<PlanRunSettings>;
    clock: Clock;
    options: PlaybookExecutorOptions;
    onError?: (error: unknown, nudge: StepNudge) => void;
    /** Builds the callback delivery of a finished run that asked for one, stored in the transaction that finishes it. */
    callbacks?: Pick<CallbackOutbox, 'deliveryFor'>;
  }) {
    this.#runs = dependencies.runs;
    this.#queue = dependencies.queue;
    this.#events = dependencies.events;
    this.#clock = dependencies.clock;
    this.#options = dependencies.options;
    this.#onError = dependencies.onError ?? (() => undefined);
    this.#callbacks = dependencies.callbacks;
    this.#steps = new PlaybookStepRun({
      playbooks: dependencies.playbooks,
      runs: dependencies.runs,
      runner: dependencies.runner,
      runLog: dependencies.runLog,
      planSettingsOf: dependencies.planSettingsOf,
      clock: dependencies.clock,
      leaseMs: dependencies.options.leaseMs,
      onError: this.#onError,
    });
  }

  /** Handles one nudge; never throws (a failure here is logged and left to the sweep). */
  async handle(nudge: StepNudge): Promise<void> {
    try {
      await this.#advance(nudge.runId);
    } catch (error) {
      this.#onError(error, nudge);
    }
  }

  /**
   * Nudges the runs that need a worker: steps whose process died, lost nudges, runs waiting for a slot. It
   * looks `aheadMs` ahead (the time until the next sweep): a running step whose lease expires before then is
   * nudged when it expires, so a dead process's step is taken over one lease after its last renewal at
   * most. A live process renews its lease well before that (every third of a lease, for a whole lease).
   */
  async sweep(options: { aheadMs: number }): Promise<number> {
    const now = this.#clock.now();
    const nudges = await this.#runs.findStalled({
      idleBefore: new Date(now.getTime() - this.#options.leaseMs).toISOString(),
      expiringBefore: new Date(now.getTime() + options.aheadMs).toISOString(),
      limit: 500,
    });
    for (const nudge of nudges) {
      const waitMs = nudge.leaseExpiresAt ? Date.parse(nudge.leaseExpiresAt) - now.getTime() + takeoverMarginMs : 0;
      if (waitMs > 0) this.#schedule(nudge, waitMs);
      else await this.#queue.enqueue(toQueued(nudge));
    }
    return nudges.length;
  }

  /** Drops the nudges the sweep scheduled: called when this process stops executing steps. */
  cancelScheduled(): void {
    for (const timer of this.#scheduled.values()) clearTimeout(timer);
    this.#scheduled.clear();
  }

  #schedule(nudge: StepNudge, waitMs: number): void {
    const key = `${nudge.runId}.${nudge.stepIndex}.${nudge.attempt ?? 0}`;
    if (this.#scheduled.has(key)) return;
    const timer = setTimeout(() => {
      this.#scheduled.delete(key);
      this.#queue.enqueue(toQueued(nudge)).catch((error: unknown) => this.#onError(error, nudge));
    }, waitMs);
    timer.unref();
    this.#scheduled.set(key, timer);
  }

  async #advance(runId: string): Promise<void> {
    let run = await this.#runs.findById(runId);
    if (run?.status === 'queued') {
      const started = await this.#runs.startRun(run.id, { accountLimit: this.#options.accountConcurrency, now: this.#now(), events: [playbookEvents.runStarted(run)] });
      // Without a free slot the run stays queued: the account's next finishing run (or the sweep) nudges it.
      if (!started) return;
      await this.#signal(run.id);
      run = { ...run, status: 'running' };
    }
    if (!run || run.status !== 'running') return;

    // A required step failed but the run was not closed: the process closing it died in between.
    const failedStep = run.steps.find((candidate) => candidate.status === 'failed' && !candidate.optional);
    if (failedStep) {
      await this.#close(run, { error: failedStep.error ?? { code: 'agent_failed', message: 'The step failed' }, failedStep: failedStep.stepIndex });
      return;
    }
    const step = firstUnfinishedStep(run);
    if (!step) {
      // Every step finished but the run was not closed: the process closing it died in between.
      await this.#close(run);
      return;
    }
    const claimed = await this.#runs.claimStep(run.id, step.stepIndex, {
      owner: this.#options.owner,
      leaseExpiresAt: this.#steps.leaseEnd(),
      now: this.#now(),
      events: [playbookEvents.stepStarted(run, step)],
    });
    // Not claimable: another process holds a live claim on it, or the run changed meanwhile.
    if (!claimed) return;
    const claim: StepClaim = { owner: this.#options.owner, attempt: claimed.attempts };
    await this.#signal(run.id);

    const outcome = await this.#steps.execute(run, claimed, claim);
    // The claim was lost while the agent ran: its answer was not stored, and nothing else is.
    if (!outcome) return;
    const events = outcome.status === 'done'
      ? [playbookEvents.stepCompleted(run, step, { model: outcome.model ?? '', durationMs: outcome.durationMs })]
      : [playbookEvents.stepFailed(run, step, { error: outcome.error as PlaybookError, durationMs: outcome.durationMs })];
    const stored = await this.#runs.finishStep(run.id, step.stepIndex, claim, { ...outcome, completedAt: this.#now() }, events);
    // The claim was lost (the run was canceled, or the step was taken over): this result does not count.
    if (!stored) return;
    await this.#signal(run.id);

    // The run as just stored: this step finished, nothing else could change while the claim held.
    const updated: PlaybookRunRecord = { ...run, steps: run.steps.map((candidate) => (candidate.stepIndex === step.stepIndex ? { ...candidate, ...outcome } : candidate)) };
    if (outcome.status === 'failed' && !step.optional) {
      await this.#close(updated, { error: outcome.error as PlaybookError, failedStep: step.stepIndex });
      return;
    }
    const next = firstUnfinishedStep(updated);
    if (next) await this.#queue.enqueue({ runId: run.id, stepIndex: next.stepIndex, attempt: next.attempts });
    else await this.#close(updated);
  }

  /** Ends a running run (done, or failed at a step), gives back the units of steps that did not succeed, and lets the account's next queued run start. */
  async #close(run: PlaybookRunRecord, failed?: { error: PlaybookError; failedStep: number }): Promise<void> {
    const change = failed
      ? { status: 'failed' as const, error: failed.error, events: [playbookEvents.runFailed(run, failed.error, failed.failedStep)] }
      : { status: 'done' as const, error: null, events: [playbookEvents.runCompleted(run)] };
    // The units of steps that did not succeed go back to the quota in the transaction that finishes the run,
    // and the callback's delivery is stored in it: built from the run as finished, nothing else awaited there.
    const callbacks = run.callbackUrl ? this.#callbacks : undefined;
    const { finished } = await this.#runs.finishRun(run.id, { ...change, now: this.#now(), callback: callbacks && ((finishedRun) => callbacks.deliveryFor(finishedRun)) });
    if (!finished) return;
    await this.#signal(run.id);
    await this.startNextQueued(run.accountId);
  }

  /** Nudges the account's oldest queued run: called whenever one of its running runs ends. */
  async startNextQueued(accountId: string): Promise<void> {
    const next = await this.#runs.oldestQueued(accountId);
    if (next) await this.#queue.enqueue(next);
  }

  async #signal(runId: string): Promise<void> {
    // Listeners also poll, so a lost signal only delays them.
    await this.#events.publish(runId).catch((error: unknown) => this.#onError(error, { runId, stepIndex: -1 }));
  }

  #now(): string {
    return this.#clock.now().toISOString();
  }
}

/** What travels through the queue: the step and its attempt, not what the sweep read. */
function toQueued(nudge: StepNudge): StepNudge {
  return { runId: nudge.runId, stepIndex: nudge.stepIndex, attempt: nudge.attempt ?? 0 };
}
