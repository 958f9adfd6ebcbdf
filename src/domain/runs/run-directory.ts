import type { Clock } from '../../ports/clock.ts';
import type { PlaybookRunRecord, PlaybookRunRepository, PlaybookRunStatus, RunKind } from '../../ports/playbook-run-repository.ts';
import type { RunRecord, RunRepository, RunStatus } from '../../ports/run-repository.ts';
import { AppError } from '../errors.ts';
import { decodePageCursor, toPage } from '../pagination-cursor.ts';
import { viewOfDurableRun, viewOfRunLogEntry, type DurableRunDetails, type RunView } from './run-view.ts';

/** The task each step of a durable run was given, by step index; null for a step not started (or unknown). */
export type StepPrompts = (run: PlaybookRunRecord) => readonly (string | null)[];

/** What the directory reads of durable runs: the runs, and the answer a step keeps until it is done. */
type DurableRuns = Pick<PlaybookRunRepository, 'findById' | 'listByAccount' | 'findStepAnswer'>;

/** Which of the caller's runs `GET /api/runs` lists. */
export interface RunListQuery {
  limit: number;
  cursor?: string | undefined;
  kind?: RunKind | undefined;
  agent?: string | undefined;
  playbook?: string | undefined;
  status?: PlaybookRunStatus | undefined;
  /** Created at or after / before these ISO-8601 times. */
  since?: string | undefined;
  until?: string | undefined;
}

/** A run found by id: durable (queued and executed by workers) or an entry of the run log, with its view. */
export type FoundRun = { durable: PlaybookRunRecord; view: RunView } | { logged: RunRecord; view: RunView };

/** The run log's stored statuses behind each status a run shows; the log only holds runs that ended. */
const loggedStatuses: Readonly<Partial<Record<PlaybookRunStatus, readonly RunStatus[]>>> = { done: ['succeeded'], failed: ['failed', 'blocked'] };

/**
 * Every run of an account, whichever store holds it: durable runs (playbook runs, and agent runs a trigger
 * started) and the run log (agent runs that answered their request, and the executions of durable runs'
 * steps). One id space, one view (RunView), one newest-first order across both.
 */
export class RunDirectory {
  readonly #durable: DurableRuns;
  readonly #logged: Pick<RunRepository, 'findById' | 'listByAccount'>;
  readonly #clock: Clock;
  readonly #stepPrompts: StepPrompts;

  /** `stepPrompts`: the task each started step of a durable run was given (from its playbook's definition). */
  constructor(dependencies: {
    durableRuns: DurableRuns;
    loggedRuns: Pick<RunRepository, 'findById' | 'listByAccount'>;
    clock: Clock;
    stepPrompts?: StepPrompts;
  }) {
    this.#durable = dependencies.durableRuns;
    this.#logged = dependencies.loggedRuns;
    this.#clock = dependencies.clock;
    this.#stepPrompts = dependencies.stepPrompts ?? ((run) => run.steps.map(() => null));
  }

  /** The caller's run; another account's run (or an anonymous one) is 404 like a missing one. */
  async find(accountId: string, runId: string): Promise<FoundRun> {
    const durable = await this.#durable.findById(runId);
    if (durable) {
      if (durable.accountId !== accountId) throw runNotFound(runId);
      return { durable, view: viewOfDurableRun(durable, this.#clock.now(), await this.#details(durable)) };
    }
    const logged = await this.#logged.findById(runId);
    if (!logged || logged.accountId !== accountId) throw runNotFound(runId);
    const entry = await this.#withStepResult(logged);
    return { logged: entry, view: viewOfRunLogEntry(entry) };
  }

  /**
   * A step's execution with the answer its durable run keeps for it (the run log stores it only there): the
   * result of the step that names it, or, while no step does (the step's end not yet written, or the run
   * canceled after the answer), the answer the step keeps for a retry.
   */
  async #withStepResult(logged: RunRecord): Promise<RunRecord> {
    if (logged.output !== null || logged.status !== 'succeeded' || !logged.parentRunId) return logged;
    const parent = await this.#durable.findById(logged.parentRunId);
    if (!parent || parent.accountId !== logged.accountId) return logged;
    const step = parent.steps.find((candidate) => candidate.agentRunId === logged.id);
    if (step?.result) return { ...logged, output: step.result };
    for (const candidate of parent.steps) {
      const answer = await this.#durable.findStepAnswer(parent.id, candidate.stepIndex);
      if (answer?.agentRunId === logged.id) return { ...logged, output: answer.result };
    }
    return logged;
  }

  /** Each step's execution in the run log, and the task each started step was given. */
  async #details(run: PlaybookRunRecord): Promise<DurableRunDetails> {
    const ids = run.steps.map((step) => step.agentRunId).filter((id): id is string => id !== null);
    const found = await Promise.all(ids.map((id) => this.#logged.findById(id)));
    const executions = new Map(found.filter((entry): entry is RunRecord => entry !== undefined).map((entry) => [entry.id, entry]));
    return { executions, stepPrompts: this.#stepPrompts(run) };
  }

  /** A durable run as the run resource shows it, its duration measured to now while it goes on. */
  viewOf(run: PlaybookRunRecord): RunView {
    return viewOfDurableRun(run, this.#clock.now());
  }

  /**
   * The caller's runs started on their own (a playbook's steps show inside it), newest first: one page of
   * each store after the cursor, merged, so a page holds the newest `limit` of both.
   */
  async list(accountId: string, query: RunListQuery): Promise<{ runs: RunView[]; nextCursor: string | null }> {
    const after = query.cursor === undefined ? undefined : decodePageCursor(query.cursor);
    const window = { limit: query.limit + 1, after, since: query.since, until: query.until };
    const now = this.#clock.now();
    const durableMatch = durableFilter(query);
    const loggedMatch = loggedFilter(query);
    const [durable, logged] = await Promise.all([
      durableMatch ? this.#durable.listByAccount(accountId, { ...window, ...durableMatch }) : [],
      loggedMatch ? this.#logged.listByAccount(accountId, { ...window, topLevel: true, ...loggedMatch }) : [],
    ]);
    const views = [...durable.map((run) => viewOfDurableRun(run, now)), ...logged.map(viewOfRunLogEntry)].sort(newestFirst);
    const { items, nextCursor } = toPage(views, query.limit);
    return { runs: items, nextCursor };
  }
}

export function runNotFound(runId: string): AppError {
  return new AppError('not_found', `Run "${runId}" does not exist`);
}

/** The durable runs a query can match, or undefined when it can match none (a playbook run is never an agent's). */
function durableFilter(query: RunListQuery): { kind?: RunKind; playbookId?: string; status?: PlaybookRunStatus } | undefined {
  if (query.agent !== undefined && (query.playbook !== undefined || query.kind === 'playbook')) return undefined;
  if (query.playbook !== undefined && query.kind === 'agent') return undefined;
  const kind = query.agent !== undefined ? 'agent' : query.playbook !== undefined ? 'playbook' : query.kind;
  const playbookId = query.agent ?? query.playbook;
  return { ...(kind ? { kind } : {}), ...(playbookId !== undefined ? { playbookId } : {}), ...(query.status ? { status: query.status } : {}) };
}

/** The run log entries a query can match: agent runs that ended; undefined when it can match none. */
function loggedFilter(query: RunListQuery): { agent?: string; statuses?: readonly RunStatus[] } | undefined {
  if (query.kind === 'playbook' || query.playbook !== undefined) return undefined;
  const statuses = query.status === undefined ? undefined : loggedStatuses[query.status];
  if (query.status !== undefined && !statuses) return undefined;
  return { ...(query.agent !== undefined ? { agent: query.agent } : {}), ...(statuses ? { statuses } : {}) };
}

function newestFirst(a: RunView, b: RunView): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
