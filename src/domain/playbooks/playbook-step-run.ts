import { performance } from 'node:perf_hooks';
import type { Clock } from '../../ports/clock.ts';
import type { PlaybookError, PlaybookRunRecord, PlaybookRunRepository, PlaybookStepRecord, StepAnswerRecord, StepClaim, StepNudge, StepOutcomeRecord } from '../../ports/playbook-run-repository.ts';
import type { RunRepository } from '../../ports/run-repository.ts';
import type { AgentRunner } from '../agents/agent-runner.ts';
import type { AgentRunBody } from '../agents/agent-task.ts';
import { DatabaseUnavailableError } from '../database-unavailable.ts';
import { AppError } from '../errors.ts';
import { prepaidUnit } from '../quotas/usage-meter.ts';
import type { PlanRunSettings } from '../quotas/plan-run-settings.ts';
import type { PlaybookCatalog } from './playbook-catalog.ts';
import { stepPrompt } from './playbook-step-prompt.ts';

/** How a step ended, before the time it is stored at. */
export type StepOutcome = Omit<StepOutcomeRecord, 'completedAt'>;

/**
 * Runs the agent of one step this process claimed, while renewing the claim: reuses the answer an earlier
 * claim stored, otherwise calls the runner on the step's prepaid unit and keeps its answer before anything
 * else is written. Whether the outcome counts is the executor's decision (see PlaybookStepExecutor).
 */
export class PlaybookStepRun {
  readonly #playbooks: PlaybookCatalog;
  readonly #runs: PlaybookRunRepository;
  readonly #runner: Pick<AgentRunner, 'run'>;
  readonly #runLog: Pick<RunRepository, 'findById' | 'insert'>;
  readonly #planSettingsOf: (accountId: string) => Promise<PlanRunSettings>;
  readonly #clock: Clock;
  readonly #leaseMs: number;
  readonly #onError: (error: unknown, nudge: StepNudge) => void;

  constructor(dependencies: {
    playbooks: PlaybookCatalog;
    runs: PlaybookRunRepository;
    runner: Pick<AgentRunner, 'run'>;
    /** The run log, where a step completed from a stored answer finds (or, after an outage, writes) its execution. */
    runLog: Pick<RunRepository, 'findById' | 'insert'>;
    /** The account's plan's routing policy and safety settings, read when the step runs. */
    planSettingsOf: (accountId: string) => Promise<PlanRunSettings>;
    clock: Clock;
    /** How long a claim holds unless renewed; renewed every third of it while the step runs. */
    leaseMs: number;
    onError: (error: unknown, nudge: StepNudge) => void;
  }) {
    this.#playbooks = dependencies.playbooks;
    this.#runs = dependencies.runs;
    this.#runner = dependencies.runner;
    this.#runLog = dependencies.runLog;
    this.#planSettingsOf = dependencies.planSettingsOf;
    this.#clock = dependencies.clock;
    this.#leaseMs = dependencies.leaseMs;
    this.#onError = dependencies.onError;
  }

  /**
   * The claimed step's outcome: failed at once when its playbook left the catalog, otherwise what its agent
   * answered or refused. Undefined when the claim was lost before the answer could be stored.
   */
  async execute(run: PlaybookRunRecord, step: PlaybookStepRecord, claim: StepClaim): Promise<StepOutcome | undefined> {
    const body = this.#stepBody(run, step);
    if (!body) return stepFailure({ code: 'playbook_not_found', message: `Playbook "${run.playbookId}" is no longer in the catalog` }, 0);
    return this.#withLease(run.id, step.stepIndex, claim, () => this.#answeredOrRun(run, step, claim, body));
  }

  /** The end of a lease taken or renewed now. */
  leaseEnd(): string {
    return new Date(this.#clock.now().getTime() + this.#leaseMs).toISOString();
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
    if (!answer) return this.#runStep(run, step, claim, body);
    await this.#ensureLogged(run, step, answer);
    return { status: 'done', result: answer.result, error: null, model: answer.model, agentRunId: answer.agentRunId, durationMs: elapsed(startedAt) };
  }

  /**
   * The run log's row of a stored answer's execution. The answer is kept before the row is written, so a
   * database outage (or the process's end) between the two leaves an answer without its row: the step then
   * writes it from the answer, under the execution's own id, so the run log still has exactly one successful
   * run per step. The quota is not touched: a playbook's units are its run's, reserved when it started.
   */
  async #ensureLogged(run: PlaybookRunRecord, step: PlaybookStepRecord, answer: StepAnswerRecord): Promise<void> {
    if (await this.#runLog.findById(answer.agentRunId)) return;
    const usage = answer.usage;
    try {
      await this.#runLog.insert({
        id: answer.agentRunId,
        accountId: run.accountId,
        surface: 'api',
        agent: step.agent,
        model: answer.model,
        provider: usage?.provider ?? answer.model.split('/')[0] ?? null,
        status: 'succeeded',
        errorCode: null,
        latencyMs: 0,
        inputTokens: usage?.inputTokens ?? 0,
        outputTokens: usage?.outputTokens ?? 0,
        costUsd: usage?.costUsd ?? 0,
        output: null,
        requestId: run.requestId ?? run.id,
        parentRunId: run.id,
        createdAt: answer.createdAt,
        completedAt: answer.createdAt,
        trace: null,
      });
    } catch (error) {
      // Written meanwhile by the process that got the answer (it was only slow): the row is there once.
      if (error instanceof DatabaseUnavailableError || !(await this.#runLog.findById(answer.agentRunId))) throw error;
    }
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
        parentRunId: run.id,
        meter: unit.meter,
        ...(await this.#planSettingsOf(run.accountId)),
        // Kept before the run log and the step are written: a retry of this step reuses it.
        onAnswer: async (answer) => {
          const kept = await this.#runs.storeStepAnswer(run.id, step.stepIndex, claim, {
            result: JSON.stringify(answer.data),
            model: answer.model,
            agentRunId: answer.runId,
            createdAt: this.#clock.now().toISOString(),
            usage: { provider: answer.provider, ...answer.usage },
          });
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
      return { ...stepFailure(reported, elapsed(startedAt)), agentRunId, unitSpent: unit.spent() };
    }
  }

  /** Runs `work` while renewing this process's claim on the step. */
  async #withLease<Result>(runId: string, stepIndex: number, claim: StepClaim, work: () => Promise<Result>): Promise<Result> {
    const renew = setInterval(() => {
      this.#runs.renewLease(runId, stepIndex, claim, this.leaseEnd()).catch((error: unknown) => this.#onError(error, { runId, stepIndex }));
    }, Math.max(100, Math.floor(this.#leaseMs / 3)));
    try {
      return await work();
    } finally {
      clearInterval(renew);
    }
  }
}

/** A step that failed with `error`, having run for `durationMs`. */
function stepFailure(error: PlaybookError, durationMs: number): StepOutcome {
  return { status: 'failed', result: null, error, model: null, agentRunId: null, durationMs };
}

function elapsed(startedAt: number): number {
  return Math.round((performance.now() - startedAt) * 10) / 10;
}
