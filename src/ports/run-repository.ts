import type { QuotaSettlement } from './quota-ledger.ts';

export type RunStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'blocked';
export type Surface = 'api' | 'v1' | 'free';

/** One safety layer's verdict on a run, as analytics count it. */
export interface CountedSafetyVerdict {
  layer: string;
  verdict: 'flag' | 'block';
}

export interface RunRecord {
  id: string;
  accountId: string | null;
  surface: Surface;
  agent: string;
  model: string | null;
  provider: string | null;
  status: RunStatus;
  errorCode: string | null;
  latencyMs: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /**
   * The agent output as JSON text; null when the run produced none, or when it is a step's execution whose
   * answer its durable run keeps (the step's `result`, stored once there).
   */
  output: string | null;
  requestId: string | null;
  createdAt: string;
  completedAt: string | null;
  /** The durable run (a playbook run, or an agent run a trigger started) this execution is a step of; absent for a direct agent run. */
  parentRunId?: string | null;
  /** What the run went through, shown on its page; null for runs stored before traces were kept. */
  trace?: RunTrace | null;
  /** The safety verdicts of the run that analytics count (flagged and blocked ones); not stored with the run. */
  safetyVerdicts?: readonly CountedSafetyVerdict[];
  /** The quota hold the record settles, in the same write (see QuotaSettlement); not stored with the run. */
  quota?: QuotaSettlement;
}

/**
 * What a run went through, without any of its text: each safety layer's verdict (layer, stage, verdict,
 * score, categories, findings counts, time), each model attempt (model, outcome, HTTP status, error code,
 * time) and why the router chose its chain.
 */
export interface RunTrace {
  safety: TracedLayer[];
  attempts: TracedAttempt[];
  routing: { category: string; policy: string; reason: string } | null;
}

export interface TracedLayer {
  layer: string;
  stage: string;
  verdict: string;
  score: number;
  categories: string[];
  findings?: Record<string, number>;
  reviewer?: string;
  ms: number;
}

export interface TracedAttempt {
  model: string;
  provider: string;
  outcome: 'ok' | 'error';
  status?: number;
  error?: string;
  repair?: boolean;
  ms: number;
}

/** Which of an account's logged runs to list, newest first (creation time, then id). */
export interface RunLogQuery {
  limit: number;
  /** Only runs listed after this one. */
  after?: { createdAt: string; id: string } | undefined;
  /** Only runs that are no step of a durable run (no `parentRunId`). */
  topLevel?: boolean;
  agent?: string | undefined;
  statuses?: readonly RunStatus[] | undefined;
  /** Created at or after / before these ISO-8601 times. */
  since?: string | undefined;
  until?: string | undefined;
}

export interface RunRepository {
  insert(run: RunRecord): Promise<void>;
  findById(id: string): Promise<RunRecord | undefined>;
  listByAccount(accountId: string, query: RunLogQuery): Promise<RunRecord[]>;
}
