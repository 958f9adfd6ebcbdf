import type { QuotaSettlement } from './quota-ledger.ts';
import type { WebhookDeliveryRecord } from './webhook-delivery-repository.ts';

export type PlaybookRunStatus = 'queued' | 'running' | 'done' | 'failed' | 'canceled';
export type PlaybookStepStatus = 'pending' | 'running' | 'done' | 'failed' | 'skipped' | 'canceled';
export type PlaybookEventType = 'run.started' | 'step.started' | 'step.completed' | 'step.failed' | 'run.completed' | 'run.failed' | 'run.canceled';

/** A machine code and a human message, as the error envelope has them. */
export interface PlaybookError {
  code: string;
  message: string;
}

export interface PlaybookStepRecord {
  stepIndex: number;
  agent: string;
  reason: string;
  /** A failure of this step does not fail the run. */
  optional: boolean;
  status: PlaybookStepStatus;
  /** The agent's output (`data`, model included), as JSON text. */
  result: string | null;
  error: PlaybookError | null;
  model: string | null;
  /** The agent run (in `runs`) that produced the result. */
  agentRunId: string | null;
  /** How many times the step was claimed: more than one only after a process died while running it. */
  attempts: number;
  /** The process executing the step, and until when its claim holds unless renewed. */
  leaseOwner: string | null;
  leaseExpiresAt: string | null;
  durationMs: number | null;
  startedAt: string | null;
  completedAt: string | null;
}

/**
 * `playbook`: a playbook's steps. `agent`: one agent run started by a trigger and executed later, as a run
 * of one step (`playbookId` and `playbookName` then hold the agent's id and name, `inputs` the request body).
 */
export type RunKind = 'playbook' | 'agent';

export interface PlaybookRunRecord {
  id: string;
  accountId: string;
  kind: RunKind;
  playbookId: string;
  playbookName: string;
  status: PlaybookRunStatus;
  /** A playbook's validated inputs; for an agent run, the body the agent runs on (prompt, fields, routing choices). */
  inputs: Record<string, unknown>;
  requestId: string | null;
  /** Quota units counted for the run (one per step, more after a resume), and how many were given back. */
  unitsReserved: number;
  unitsRefunded: number;
  /**
   * Units the run's work used up: one per step done, and one per step that did not succeed but was paid for
   * (a model answered, or the step was running when the run was canceled). Never given back.
   */
  unitsSpent: number;
  /** The UTC day (YYYY-MM-DD) whose counter the units were taken from. */
  quotaDay: string;
  error: PlaybookError | null;
  /** Where the outcome is POSTed (a signed callback) when the run ends; null when nobody asked. */
  callbackUrl: string | null;
  /** Events appended so far; the last event's sequence number. */
  eventCount: number;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  updatedAt: string;
  steps: PlaybookStepRecord[];
}

export interface PlaybookEventRecord {
  runId: string;
  /** 1, 2, 3… per run: the SSE event id. */
  sequence: number;
  type: PlaybookEventType;
  data: Record<string, unknown>;
  createdAt: string;
}

export type NewPlaybookEvent = Pick<PlaybookEventRecord, 'type' | 'data'>;

/** Where a listing continues: after the run with this creation time and id (newest first). */
export interface RunCursor {
  createdAt: string;
  id: string;
}

/** Which of an account's durable runs to list, newest first (creation time, then id). */
export interface DurableRunQuery {
  limit: number;
  after?: RunCursor | undefined;
  kind?: RunKind | undefined;
  /** The playbook's id (or, for a run of kind `agent`, the agent's). */
  playbookId?: string | undefined;
  status?: PlaybookRunStatus | undefined;
  /** Created at or after / before these ISO-8601 times. */
  since?: string | undefined;
  until?: string | undefined;
}

/**
 * The signed callback a run sends when it ends, built from the run as just finished (undefined: none), and
 * stored by finishRun in the same transaction: a run never ends without its callback queued.
 */
export type RunCallbackOutbox = (finished: PlaybookRunRecord) => Omit<WebhookDeliveryRecord, 'attempts'> | undefined;

/** How a step ended, as finishStep stores it. */
export interface StepOutcomeRecord {
  status: 'done' | 'failed';
  result: string | null;
  error: PlaybookError | null;
  model: string | null;
  agentRunId: string | null;
  durationMs: number;
  completedAt: string;
  /** For a failed step: its work was paid for (a model answered), so its unit is not given back. */
  unitSpent?: boolean;
}

/** A run that needs a worker: its next step, to be (re)queued. */
export interface StepNudge {
  runId: string;
  stepIndex: number;
  /**
   * How many times the step had been claimed when the nudge was sent (0 when absent). A queue keeps one
   * message per step and attempt, so the nudge for a step taken over is a new message, never swallowed by
   * the message its dead process still holds.
   */
  attempt?: number;
  /** From the sweep, for a running step: when its lease expires, the moment it can be taken over. */
  leaseExpiresAt?: string | null;
}

/** One claim of a step: the process holding it and the step's `attempts` the claim set. */
export interface StepClaim {
  owner: string;
  attempt: number;
}

/** A step's answer, stored as soon as its agent answered, by the claim that got it. */
export interface StepAnswerRecord {
  /** The agent's output (`data`, model included), as JSON text, as the step's `result` stores it. */
  result: string;
  model: string;
  agentRunId: string;
  attempt: number;
  createdAt: string;
  /** What the answer's run spent, for its run log row; null for answers stored before it was kept. */
  usage: StepAnswerUsage | null;
}

export interface StepAnswerUsage {
  provider: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

/**
 * Durable playbook runs. Every state change is one conditional, atomic write (several processes may race
 * for the same run), and appends its events in the same transaction, so events and state never disagree.
 */
export interface PlaybookRunRepository {
  /** Stores a new run (status `queued`) with its steps (status `pending`). */
  /** Stores a new run, settling the quota hold that reserved its units in the same write. */
  create(run: PlaybookRunRecord, quota?: QuotaSettlement): Promise<void>;
  findById(id: string): Promise<PlaybookRunRecord | undefined>;
  /** The account's runs that match the query, newest first (creation time, then id), after the cursor when given. */
  listByAccount(accountId: string, query: DurableRunQuery): Promise<PlaybookRunRecord[]>;

  /**
   * `queued` → `running`, only while the account has fewer than `accountLimit` running runs (counted
   * atomically with the change). False when the run was not queued or the account has no free slot.
   */
  startRun(runId: string, change: { accountLimit: number; now: string; events: NewPlaybookEvent[] }): Promise<boolean>;

  /**
   * Claims a step of a running run for `owner` until `leaseExpiresAt`: a `pending` step, or a `running`
   * one whose lease expired before `now` (its process died). Adds one to `attempts`, sets `startedAt`.
   * Undefined when the run is not running or the step is not claimable.
   */
  claimStep(runId: string, stepIndex: number, claim: { owner: string; leaseExpiresAt: string; now: string; events: NewPlaybookEvent[] }): Promise<PlaybookStepRecord | undefined>;

  /** Extends the claim's lease; false when the step is no longer running under that claim. */
  renewLease(runId: string, stepIndex: number, claim: StepClaim, leaseExpiresAt: string): Promise<boolean>;

  /**
   * `running` (under `claim`, in a running run) → `done` or `failed`, clearing the lease. A step done, or
   * failed with `unitSpent`, adds one to the run's `unitsSpent`. False (and nothing written) when the claim
   * was lost: the run was canceled or another claim (of any process) took the step over.
   */
  finishStep(runId: string, stepIndex: number, claim: StepClaim, outcome: StepOutcomeRecord, events: NewPlaybookEvent[]): Promise<boolean>;

  /**
   * Stores the step's answer while `claim` is the step's current claim in a running run. False (nothing
   * written) when the claim was lost, or the step already has an answer.
   */
  storeStepAnswer(runId: string, stepIndex: number, claim: StepClaim, answer: Omit<StepAnswerRecord, 'attempt'>): Promise<boolean>;

  /** The step's stored answer, if one was stored. */
  findStepAnswer(runId: string, stepIndex: number): Promise<StepAnswerRecord | undefined>;

  /**
   * `running` → `done` or `failed`. On failure the steps still `pending` become `skipped`. Frees the account's
   * slot. Marks every unit reserved and not spent as refunded, takes them off the day's quota counter in the
   * same transaction, and returns how many that newly is. Stores the `callback` delivery, when it builds one, in the same
   * transaction. `finished` is false when the run was not running.
   */
  finishRun(
    runId: string,
    change: { status: 'done' | 'failed'; error: PlaybookError | null; now: string; events: NewPlaybookEvent[]; callback?: RunCallbackOutbox | undefined },
  ): Promise<{ finished: boolean; refundUnits: number }>;

  /**
   * `queued` or `running` → `canceled`; every step not finished becomes `canceled` (a running step's late
   * result is then refused by finishStep). A step that was running keeps its unit: its model call goes on
   * and is paid for, so it adds one to `unitsSpent`. Frees the slot of a running run. Refunds as finishRun.
   */
  cancel(runId: string, change: { now: string; events: NewPlaybookEvent[] }): Promise<{ canceled: boolean; refundUnits: number }>;

  /**
   * `failed` or `canceled` → `queued`: every step not `done` back to `pending` (result, error, model, lease
   * and times cleared), the run's error and completion time cleared, and the quota bookkeeping set to the
   * values given (the caller reserved the units again); `unitsSpent` stays. False when the run was in
   * another state.
   */
  resume(runId: string, change: { quotaDay: string; unitsReserved: number; unitsRefunded: number; now: string; quota?: QuotaSettlement }): Promise<boolean>;

  /** Events after `afterSequence`, in order, at most `limit`. */
  listEvents(runId: string, afterSequence: number, limit: number): Promise<PlaybookEventRecord[]>;

  /**
   * Runs a worker should look at, at most `limit`: running runs whose first unfinished step holds a lease
   * that expires before `expiringBefore` (its process may be dead; the sweep looks ahead so that it is taken
   * over when the lease ends, not a sweep later), or is pending and untouched since `idleBefore` (also when
   * every step finished: the process closing the run died first); and, per account, its oldest queued run.
   * Each with the index of that first unfinished step (or the number of steps when none is left), its
   * `attempts` and its lease's expiry.
   */
  findStalled(options: { idleBefore: string; expiringBefore: string; limit: number }): Promise<StepNudge[]>;

  /** The account's oldest queued run, if any. */
  oldestQueued(accountId: string): Promise<StepNudge | undefined>;
}
