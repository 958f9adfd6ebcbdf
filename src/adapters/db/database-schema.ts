import type { Generated } from 'kysely';

/** The tables as Kysely sees them; one schema for SQLite and PostgreSQL (see docs/decisions). */
export interface DatabaseSchema {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  runs: RunsTable;
  conversations: ConversationsTable;
  conversation_turns: ConversationTurnsTable;
  usage_counters: UsageCountersTable;
  usage_holds: UsageHoldsTable;
  rate_windows: RateWindowsTable;
  playbook_runs: PlaybookRunsTable;
  playbook_steps: PlaybookStepsTable;
  playbook_step_answers: PlaybookStepAnswersTable;
  playbook_events: PlaybookEventsTable;
  playbook_slots: PlaybookSlotsTable;
  webhook_secrets: WebhookSecretsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  idempotency_keys: IdempotencyKeysTable;
  run_rollups: RunRollupsTable;
  run_latency_buckets: RunLatencyBucketsTable;
  run_rollups_all: RunRollupsAllTable;
  run_latency_buckets_all: RunLatencyBucketsAllTable;
  run_safety_verdicts: RunSafetyVerdictsTable;
  run_safety_verdicts_all: RunSafetyVerdictsAllTable;
}

/** Timestamps are ISO-8601 UTC text on both databases: they sort and slice the same way everywhere. */
export interface AccountsTable {
  id: string;
  api_plan: string;
  v1_plan: string;
  created_at: string;
}

export interface ApiKeysTable {
  prefix: string;
  account_id: string;
  hash: string;
  name: string | null;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface RunsTable {
  id: string;
  account_id: string | null;
  surface: string;
  agent: string;
  model: string | null;
  provider: string | null;
  status: string;
  error_code: string | null;
  latency_ms: number;
  input_tokens: number;
  output_tokens: number;
  cost_usd: number;
  output: string | null;
  request_id: string | null;
  created_at: string;
  completed_at: string | null;
  /** The durable run (playbook or background agent run) this execution belongs to; null for a direct agent run. */
  parent_run_id: string | null;
  /** RunTrace as JSON: the layers' verdicts, the model attempts, the routing reason; null before migration 0016. */
  trace: string | null;
}

export interface ConversationsTable {
  id: string;
  account_id: string;
  agent: string;
  turn_count: number;
  created_at: string;
  updated_at: string;
}

export interface ConversationTurnsTable {
  conversation_id: string;
  turn_index: number;
  role: string;
  content: string;
  created_at: string;
}

export interface UsageCountersTable {
  key: string;
  count: number;
  expires_at: string;
}

/** Units of a counter held for work in progress: settled with the work's record, or given back. */
export interface UsageHoldsTable {
  id: string;
  counter_key: string;
  units: number;
  expires_at: string;
}

/** A sliding log of hits per key, as JSON `[[hitId, epochMs], …]`, updated by compare-and-swap on version. */
export interface RateWindowsTable {
  key: string;
  hits: string;
  version: number;
  expires_at: string;
}

/** `inputs` and `error` are JSON text; `event_count` is the last event's sequence number. */
export interface PlaybookRunsTable {
  id: string;
  account_id: string;
  playbook_id: string;
  playbook_name: string;
  status: string;
  inputs: string;
  request_id: string | null;
  units_reserved: number;
  units_refunded: number;
  /** Defaults to 0: rows written before migration 0011 get it filled in. */
  units_spent: Generated<number>;
  quota_day: string;
  error: string | null;
  event_count: number;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  updated_at: string;
  /** Where the run's outcome is POSTed when it ends; null when nobody asked. */
  callback_url: string | null;
  /** `playbook`, or `agent` for one agent run started by a trigger (one step; playbook_id holds the agent). */
  kind: string;
}

/** `optional` is 0 or 1; `error` is JSON text. */
export interface PlaybookStepsTable {
  run_id: string;
  step_index: number;
  agent: string;
  reason: string;
  optional: number;
  status: string;
  result: string | null;
  error: string | null;
  model: string | null;
  agent_run_id: string | null;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: string | null;
  duration_ms: number | null;
  started_at: string | null;
  completed_at: string | null;
}

/** A step's answer, stored by the claim (attempt) that got it; `result` is JSON text. */
export interface PlaybookStepAnswersTable {
  run_id: string;
  step_index: number;
  attempt: number;
  result: string;
  model: string;
  agent_run_id: string;
  created_at: string;
  /** StepAnswerUsage as JSON; null for answers stored before migration 0017. */
  usage: string | null;
}

/** `data` is JSON text. */
export interface PlaybookEventsTable {
  run_id: string;
  sequence: number;
  type: string;
  data: string;
  created_at: string;
}

/** How many of the account's runs are `running`: the per-account limit is checked against it atomically. */
export interface PlaybookSlotsTable {
  account_id: string;
  active: number;
}

/** An account's webhook signing secret, encrypted (AES-256-GCM) with the service's secret key. */
export interface WebhookSecretsTable {
  account_id: string;
  ciphertext: string;
  created_at: string;
  rotated_at: string | null;
}

/** One row per outbound message; `payload` is the exact JSON body sent on every attempt. */
export interface WebhookDeliveriesTable {
  id: string;
  account_id: string;
  url: string;
  event_type: string;
  payload: string;
  run_id: string | null;
  status: string;
  attempt_count: number;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
  created_at: string;
  completed_at: string | null;
}

/** One row per attempt; `status` is the receiver's HTTP status, null when no response came. */
export interface WebhookDeliveryAttemptsTable {
  delivery_id: string;
  attempt: number;
  at: string;
  status: number | null;
  error: string | null;
  duration_ms: number;
  outcome: string;
}

/**
 * One row per Idempotency-Key an account has used. `status` is `in_flight` or `completed`; the response
 * columns are set on completion (`response_headers` is a JSON object of header names to values).
 */
export interface IdempotencyKeysTable {
  account_id: string;
  key: string;
  fingerprint: string;
  status: string;
  response_status: number | null;
  response_headers: string | null;
  response_body: string | null;
  created_at: string;
  expires_at: string;
}

/**
 * Daily sums of the finished runs (succeeded, failed, blocked) per account, UTC day of the run's start,
 * agent, model and provider, kept in the transaction that writes the runs. `account_id` is '' for
 * anonymous runs; `model` and `provider` are '' when no model answered. PostgreSQL returns the sums of the
 * token columns (bigint) as text.
 */
export interface RunRollupsTable {
  account_id: string;
  day: string;
  agent: string;
  model: string;
  provider: string;
  requests: number;
  succeeded: number;
  failed: number;
  blocked: number;
  input_tokens: number;
  output_tokens: number;
  cost_usd: number;
}

/** How many of a rollup's runs fall in each latency bucket (domain/analytics/latency-buckets.ts). */
export interface RunLatencyBucketsTable {
  account_id: string;
  day: string;
  agent: string;
  model: string;
  provider: string;
  bucket: number;
  count: number;
}

/** The same sums over every run, anonymous ones included: what a report on all accounts reads. */
export type RunRollupsAllTable = Omit<RunRollupsTable, 'account_id'>;

export type RunLatencyBucketsAllTable = Omit<RunLatencyBucketsTable, 'account_id'>;

/** How many of a rollup's safety verdicts were `flag` or `block`, per layer (see run-rollup-rows.ts). */
export interface RunSafetyVerdictsTable {
  account_id: string;
  day: string;
  agent: string;
  model: string;
  provider: string;
  layer: string;
  verdict: string;
  count: number;
}

export type RunSafetyVerdictsAllTable = Omit<RunSafetyVerdictsTable, 'account_id'>;
