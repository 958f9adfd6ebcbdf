import { playbookNotFound } from './playbook-not-found.ts';
import type { Account } from '../../ports/account-repository.ts';
import type { Clock } from '../../ports/clock.ts';
import type { PlaybookQueue } from '../../ports/playbook-queue.ts';
import type { PlaybookRunRecord, PlaybookRunRepository, RunKind } from '../../ports/playbook-run-repository.ts';
import type { RunEventBus } from '../../ports/run-event-bus.ts';
import type { AgentCatalog } from '../agents/agent-catalog.ts';
import { needsConfirmation } from '../agents/confirmation-required.ts';
import { AppError, type ValidationIssue } from '../errors.ts';
import { createId } from '../ids.ts';
import type { QuotaService } from '../quotas/quota-service.ts';
import type { StoredText } from '../runs/stored-text.ts';
import type { Playbook, PlaybookCatalog } from './playbook-catalog.ts';
import { readPlaybookInputs, validatePlaybookInputs } from './playbook-inputs.ts';
import { newPlaybookRun } from './new-playbook-run.ts';
import { decodePageCursor, toPage } from '../pagination-cursor.ts';
import { playbookEvents } from './playbook-run-events.ts';
import { firstUnfinishedStep, isRunFinished } from './playbook-run-state.ts';
import type { PlaybookStepExecutor } from './playbook-step-executor.ts';
import type { RunLauncher } from '../runs/run-launcher.ts';
import type { RunContexts } from '../runs/run-context.ts';

export interface StartPlaybookCommand {
  account: Account;
  playbookId: string;
  inputs: Readonly<Record<string, unknown>>;
  /** Required when a step's agent needs confirmation (it acts on the world). */
  confirmed: boolean;
  requestId: string;
  /** Where to POST the outcome when the run ends (signed with the account's webhook secret). */
  callbackUrl?: string | undefined;
}

export interface RunPage {
  runs: PlaybookRunRecord[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

/** Starting, reading, canceling and resuming playbook runs on behalf of their owner. */
export class PlaybookService {
  readonly #playbooks: PlaybookCatalog;
  readonly #agents: AgentCatalog;
  readonly #runs: PlaybookRunRepository;
  readonly #queue: PlaybookQueue;
  readonly #events: RunEventBus;
  readonly #quotas: QuotaService;
  readonly #executor: PlaybookStepExecutor;
  readonly #clock: Clock;
  readonly #launcher: RunLauncher;
  readonly #storedText: StoredText;
  readonly #contexts: Pick<RunContexts, 'forAccount'>;

  constructor(dependencies: {
    playbooks: PlaybookCatalog;
    agents: AgentCatalog;
    runs: PlaybookRunRepository;
    queue: PlaybookQueue;
    events: RunEventBus;
    quotas: QuotaService;
    executor: PlaybookStepExecutor;
    clock: Clock;
    launcher: RunLauncher;
    /** Screens the inputs as the steps will, and stores them with PII as the steps' models will see it. */
    storedText: StoredText;
    /** The caller's plan, whose layer modes the steps are screened under. */
    contexts: Pick<RunContexts, 'forAccount'>;
  }) {
    this.#playbooks = dependencies.playbooks;
    this.#agents = dependencies.agents;
    this.#runs = dependencies.runs;
    this.#queue = dependencies.queue;
    this.#events = dependencies.events;
    this.#quotas = dependencies.quotas;
    this.#executor = dependencies.executor;
    this.#clock = dependencies.clock;
    this.#launcher = dependencies.launcher;
    this.#storedText = dependencies.storedText;
    this.#contexts = dependencies.contexts;
  }

  /** The playbook an id names, or 404 `playbook_not_found` listing the ids there are and the closest ones. */
  find(playbookId: string): Playbook {
    const playbook = this.#playbooks.find(playbookId);
    if (!playbook) throw playbookNotFound(playbookId, this.#playbooks.ids());
    return playbook;
  }

  /**
   * What is wrong with a playbook's inputs, listed rather than thrown; none for a playbook that does not
   * exist (a 404 of its own) or inputs that are not an object (the request's schema says so).
   */
  inputIssues(playbookId: string, inputs: unknown): ValidationIssue[] {
    const playbook = this.#playbooks.find(playbookId);
    const given = inputs ?? {};
    if (!playbook || typeof given !== 'object' || Array.isArray(given)) return [];
    return readPlaybookInputs(playbook.fields, given as Record<string, unknown>).issues;
  }

  /**
   * Validates the inputs (413 past the screening limit) and confirmation, then launches the run (one unit of today's quota per step). The
   * inputs are screened as each step's run will screen them (422 at once, nothing stored, the units given back)
   * and stored with PII as the strictest of the steps' agents treats it: placeholders, never values.
   */
  async start(command: StartPlaybookCommand): Promise<PlaybookRunRecord> {
    const playbook = this.find(command.playbookId);
    const validated = validatePlaybookInputs(playbook.fields, command.inputs);
    // Inputs longer than each step's screen reads would fail every step: 413 now, before any unit is taken.
    this.#storedText.checkSize(validated);
    if (!command.confirmed) this.#requireNoConfirmation(playbook);
    const { plan } = this.#contexts.forAccount(command.account, 'api');
    const policies = playbook.steps.flatMap((step) => this.#agents.find(step.agent, 'api') ?? []).map((agent) => this.#storedText.runPolicy(agent, plan?.safety));
    return this.#launcher.launch({ account: command.account, steps: playbook.steps.length, callbackUrl: command.callbackUrl }, async (context) => {
      const inputs = await this.#storedText.forLater(validated, policies);
      return newPlaybookRun({ id: createId('run', context.now), accountId: command.account.id, playbook, inputs, requestId: command.requestId, ...context });
    });
  }

  /**
   * The caller's run of this kind (any durable run for `any`: the run resource's routes cancel
   * and resume agent runs a trigger started too); another account's run is 404 like a missing one.
   */
  async get(accountId: string, runId: string, kind: RunKind | 'any' = 'playbook'): Promise<PlaybookRunRecord> {
    const run = await this.#runs.findById(runId);
    if (!run || run.accountId !== accountId || (kind !== 'any' && run.kind !== kind)) throw new AppError('not_found', `${runNoun(kind)} "${runId}" does not exist`);
    return run;
  }

  async list(accountId: string, page: { limit: number; cursor?: string | undefined }): Promise<RunPage> {
    const after = page.cursor === undefined ? undefined : decodePageCursor(page.cursor);
    const { items, nextCursor } = toPage(await this.#runs.listByAccount(accountId, { kind: 'playbook', limit: page.limit + 1, after }), page.limit);
    return { runs: items, nextCursor };
  }

  /**
   * Stops a queued or running run; its unfinished steps are canceled and the units of those that never
   * started given back. A step running now keeps its unit: its model call goes on and is paid for. A run
   * already done, failed or canceled is 409 `conflict` naming its state: nothing was changed.
   */
  async cancel(accountId: string, runId: string, kind: RunKind | 'any' = 'playbook'): Promise<PlaybookRunRecord> {
    const run = await this.get(accountId, runId, kind);
    if (isRunFinished(run.status)) throw new AppError('conflict', `${runNoun(kind)} "${runId}" is already ${run.status}; only queued or running runs can be canceled`, { status: run.status });
    // Units of steps that never started go back to the quota in the transaction that cancels the run.
    const { canceled } = await this.#runs.cancel(run.id, { now: this.#clock.now().toISOString(), events: [playbookEvents.runCanceled(run)] });
    // The run ended (or started) between the read and the change: answer from its new state.
    if (!canceled) return this.cancel(accountId, runId, kind);
    // Followers also poll: a signal lost to a Redis hiccup only delays them.
    await this.#events.publish(run.id).catch(() => undefined);
    // A running run held a slot (it may have started since the read): the account's next queued run may go.
    await this.#executor.startNextQueued(run.accountId);
    return this.get(accountId, runId, kind);
  }

  /**
   * Runs a failed or canceled run again from its first unfinished step: those steps are reserved again
   * (429 when they do not fit today's quota), steps already done keep their results.
   */
  async resume(account: Account, runId: string, kind: RunKind | 'any' = 'playbook'): Promise<PlaybookRunRecord> {
    const run = await this.get(account.id, runId, kind);
    if (run.status !== 'failed' && run.status !== 'canceled') {
      throw new AppError('conflict', `${runNoun(kind)} "${runId}" is ${run.status}; only failed or canceled runs can be resumed`, { status: run.status });
    }
    const done = run.steps.filter((step) => step.status === 'done').length;
    const units = run.steps.length - done;
    const reservation = await this.#quotas.reserve(account, 'api', units);
    // Units count on the day they were reserved; a resume on a later day starts the bookkeeping afresh, as
    // if what was already spent had been reserved that day.
    const sameDay = reservation.day === run.quotaDay;
    const resumed = await this.#runs.resume(run.id, {
      quotaDay: reservation.day,
      unitsReserved: sameDay ? run.unitsReserved + units : run.unitsSpent + units,
      unitsRefunded: sameDay ? run.unitsRefunded : 0,
      now: this.#clock.now().toISOString(),
      quota: reservation.settle(units),
    }).catch(async (error: unknown) => {
      await reservation.release().catch(() => undefined);
      throw error;
    });
    if (!resumed) {
      await reservation.release();
      throw new AppError('conflict', `${runNoun(kind)} "${runId}" changed state meanwhile; fetch it and try again`);
    }
    const resumedRun = await this.get(account.id, runId, kind);
    const next = firstUnfinishedStep(resumedRun);
    await this.#queue.enqueue({ runId, stepIndex: next?.stepIndex ?? 0 });
    return resumedRun;
  }

  /** Whether starting the playbook needs `confirmed: true`: one of its steps' agents acts on the world. */
  needsConfirmation(playbook: Playbook): boolean {
    return this.#stepsNeedingConfirmation(playbook).length > 0;
  }

  #stepsNeedingConfirmation(playbook: Playbook) {
    return playbook.steps.flatMap((step, stepIndex) => {
      const agent = this.#agents.find(step.agent, 'api');
      return agent && needsConfirmation(agent, 'api') ? [{ stepIndex, agent: agent.id, name: agent.name, description: agent.description }] : [];
    });
  }

  #requireNoConfirmation(playbook: Playbook): void {
    const needing = this.#stepsNeedingConfirmation(playbook);
    if (needing.length === 0) return;
    throw new AppError('confirmation_required', `Playbook "${playbook.id}" runs agents that need confirmed: true`, {
      preview: {
        playbook: playbook.id,
        name: playbook.name,
        steps: playbook.steps.map((step, stepIndex) => ({ stepIndex, agent: step.agent, reason: step.reason })),
        needsConfirmation: needing,
        next: 'Send the same request with "confirmed": true to run it.',
      },
    });
  }
}

/** How errors name a run: the playbook routes speak of playbook runs, the run resource of runs. */
function runNoun(kind: RunKind | 'any'): string {
  return kind === 'playbook' ? 'Playbook run' : 'Run';
}
