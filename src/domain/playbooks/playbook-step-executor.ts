import { performance } from 'node:perf_hooks';
import type { Clock } from '../../ports/clock.ts';
import type { PlaybookQueue } from '../../ports/playbook-queue.ts';
import type { PlaybookError, PlaybookRunRecord, PlaybookRunRepository, PlaybookStepRecord, RunCallbackOutbox, StepClaim, StepNudge, StepOutcomeRecord } from '../../ports/playbook-run-repository.ts';
import type { RunEventBus } from '../../ports/run-event-bus.ts';
import type { AgentRunner } from '../agents/agent-runner.ts';
import type { AgentRunBody } from '../agents/agent-task.ts';
import { DatabaseUnavailableError } from '../database-unavailable.ts';
import { AppError } from '../errors.ts';
import { prepaidUnit } from '../quotas/usage-meter.ts';
import type { RoutingPolicy } from '../routing/routing-policy.ts';
import type { PlaybookCatalog } from './playbook-catalog.ts';
import { playbookEvents } from './playbook-run-events.ts';
import { firstUnfinishedStep } from './playbook-run-state.ts';
import { stepPrompt } from './playbook-step-prompt.ts';

export interface PlaybookExecutorOptions {
  /** This process, as recorded on the steps it claims. */
  owner: string;
  /** How long a claim holds unless renewed; renewed every third of it while the step runs. */
  leaseMs: number;
  /** Runs one account may have running at once. */
  accountConcurrency: number;
}

type StepOutcome = Omit<StepOutcomeRecord, 'completedAt'>;

/** How long after a lease's expiry the sweep's scheduled nudge for its step is sent. */
const takeoverMarginMs = 25;

/**
 * Executes playbook steps, one per nudge, in whichever process the nudge reaches. The database decides:
 * a step runs only after this process claimed it, its result counts only while the claim holds, and the
 * next step is queued only after the result is stored. A process that dies mid-step leaves a claim that
 * expires; the step is then claimed again (by the sweep's nudge or the queue's redelivery) and run once more.
 */
export class PlaybookStepExecutor {
  readonly #playbooks: PlaybookCatalog;
  readonly #runs: PlaybookRunRepository;
  readonly #runner: Pick<AgentRunner, 'run'>;
  readonly #queue: PlaybookQueue;
  readonly #events: RunEventBus;
  readonly #planPolicyOf: (accountId: string) => Promise<RoutingPolicy | undefined>;
  readonly #clock: Clock;
  readonly #options: PlaybookExecutorOptions;
  readonly #onError: (error: unknown, nudge: StepNudge) => void;
  readonly #callback: RunCallbackOutbox | undefined;
  /** Nudges the sweep scheduled for leases about to expire, by step and attempt. */
  readonly #scheduled = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(dependencies: {
    playbooks: PlaybookCatalog;
    runs: PlaybookRunRepository;
    runner: Pick<AgentRunner, 'run'>;
    queue: PlaybookQueue;
    events: RunEventBus;
    planPolicyOf: (accountId: string) => Promise<RoutingPolicy | undefined>;
    clock: Clock;
    options: PlaybookExecutorOptions;
    onError?: (error: unknown, nudge: StepNudge) => void;
    /** Builds the callback a finished run sends; stored in the transaction that finishes the run. */
    callback?: RunCallbackOutbox;
  }) {
    this.#playbooks = dependencies.playbooks;
    this.#runs = dependencies.runs;
    this.#runner = dependencies.runner;
    this.#queue = dependencies.queue;
    this.#events = dependencies.events;
    this.#planPolicyOf = dependencies.planPolicyOf;
    this.#clock = dependencies.clock;
    this.#options = dependencies.options;
    this.#onError = dependencies.onError ?? (() => undefined);
    this.#callback = dependencies.callback;
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
    const body = this.#stepBody(run, step);
    const claimed = await this.#runs.claimStep(run.id, step.stepIndex, {
      owner: this.#options.owner,
      leaseExpiresAt: this.#leaseEnd(),
      now: this.#now(),
      events: [playbookEvents.stepStarted(run, step)],
    });
    // Not claimable: another process holds a live claim on it, or the run changed meanwhile.
    if (!claimed) return;
    const claim: StepClaim = { owner: this.#options.owner, attempt: claimed.attempts };
    await this.#signal(run.id);

    const outcome = body
      ? await this.#withLease(run.id, step.stepIndex, claim, () => this.#answeredOrRun(run, claimed, claim, body))
      : failure({ code: 'playbook_not_found', message: `Playbook "${run.playbookId}" is no longer in the catalog` }, 0);
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

  /**
   * What the step's agent runs on: an agent run's request body, or the playbook step's prompt filled in.
   * Starting the run confirmed every step (the start refuses without `confirmed` when an agent needs it).
   * Undefined when the playbook left the catalog.
   */
  #stepBody(run: PlaybookRunRecord, step: PlaybookStepRecord): AgentRunBody | undefined {
    if (run.kind === 'agent') return { ...run.inputs, confirmed: true };
    const definition = this.#playbooks.find(run.playbookId)?.steps[step.stepIndex];
    return definition && { prompt: stepPrompt(definition, run), confirmed: true };
  }

  /**
   * The step's stored answer when an earlier claim got one (its process died, or the database failed before
   * the step was saved): the model is not called again. Otherwise the step runs. Undefined when the claim was
   * lost before the answer could be stored.
   */
  async #answeredOrRun(run: PlaybookRunRecord, step: PlaybookStepRecord, claim: StepClaim, body: AgentRunBody): Promise<StepOutcome | undefined> {
    const startedAt = performance.now();
    const answer = await this.#runs.findStepAnswer(run.id, step.stepIndex);
    if (answer) return { status: 'done', result: answer.result, error: null, model: answer.model, agentRunId: answer.agentRunId, durationMs: elapsed(startedAt) };
    return this.#runStep(run, step, claim, body);
  }

  async #runStep(run: PlaybookRunRecord, step: PlaybookStepRecord, claim: StepClaim, body: AgentRunBody): Promise<StepOutcome | undefined> {
    const startedAt = performance.now();
    // The run reserved one unit per step when it started; the runner says whether a failure spent it.
    const unit = prepaidUnit();
    // Set when the claim was lost before the answer could be kept: the answer is not this process's to keep.
    let claimLost = false;
    try {
      const result = await this.#runner.run({
        surface: 'api',
        accountId: run.accountId,
        agentId: step.agent,
        body,
        requestId: run.requestId ?? run.id,
        meter: unit.meter,
        planPolicy: await this.#planPolicyOf(run.accountId),
        // Kept before the run log and the step are written: a retry of this step reuses it.
        onAnswer: async (answer) => {
          const kept = await this.#runs.storeStepAnswer(run.id, step.stepIndex, claim, { result: JSON.stringify(answer.data), model: answer.model, agentRunId: answer.runId, createdAt: this.#now() });
          claimLost = !kept;
          return kept;
        },
      });
      return { status: 'done', result: JSON.stringify(result.data), error: null, model: result.model.id, agentRunId: result.runId, durationMs: elapsed(startedAt) };
    } catch (error) {
      if (claimLost) return undefined;
      // An outage is not the step's failure: its claim lapses and the sweep hands it out again once the database
      // is back; an answer stored before the outage is then reused.
      if (error instanceof DatabaseUnavailableError) throw error;
      if (!(error instanceof AppError)) this.#onError(error, { runId: run.id, stepIndex: step.stepIndex });
      const agentRunId = error instanceof AppError && typeof error.details.runId === 'string' ? error.details.runId : null;
      const reported = error instanceof AppError ? { code: error.code, message: error.message } : { code: 'internal', message: 'The step failed on our side' };
      return { ...failure(reported, elapsed(startedAt)), agentRunId, unitSpent: unit.spent() };
    }
  }

  /** Runs `work` while renewing this process's claim on the step. */
  async #withLease<Result>(runId: string, stepIndex: number, claim: StepClaim, work: () => Promise<Result>): Promise<Result> {
    const renew = setInterval(() => {
      this.#runs.renewLease(runId, stepIndex, claim, this.#leaseEnd()).catch((error: unknown) => this.#onError(error, { runId, stepIndex }));
    }, Math.max(100, Math.floor(this.#options.leaseMs / 3)));
    try {
      return await work();
    } finally {
      clearInterval(renew);
    }
  }

  /** Ends a running run (done, or failed at a step), gives back the units of steps that did not succeed, and lets the account's next queued run start. */
  async #close(run: PlaybookRunRecord, failed?: { error: PlaybookError; failedStep: number }): Promise<void> {
    const change = failed
      ? { status: 'failed' as const, error: failed.error, events: [playbookEvents.runFailed(run, failed.error, failed.failedStep)] }
      : { status: 'done' as const, error: null, events: [playbookEvents.runCompleted(run)] };
    // The units of steps that did not succeed go back to the quota in the transaction that finishes the run.
    const { finished } = await this.#runs.finishRun(run.id, { ...change, now: this.#now(), callback: run.callbackUrl ? this.#callback : undefined });
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

  #leaseEnd(): string {
    return new Date(this.#clock.now().getTime() + this.#options.leaseMs).toISOString();
  }
}

/** What travels through the queue: the step and its attempt, not what the sweep read. */
function toQueued(nudge: StepNudge): StepNudge {
  return { runId: nudge.runId, stepIndex: nudge.stepIndex, attempt: nudge.attempt ?? 0 };
}

function failure(error: PlaybookError, durationMs: number): StepOutcome {
  return { status: 'failed', result: null, error, model: null, agentRunId: null, durationMs };
}

function elapsed(startedAt: number): number {
  return Math.round((performance.now() - startedAt) * 10) / 10;
}
