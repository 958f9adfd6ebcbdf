import type { QuotaSettlement } from './quota-ledger.ts';

export type RunStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'blocked';
export type Surface = 'api' | 'v1' | 'free';

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
  /** The agent output as JSON text; null when the run produced none. */
  output: string | null;
  requestId: string | null;
  createdAt: string;
  completedAt: string | null;
  /** The quota hold the record settles, in the same write (see QuotaSettlement); not stored with the run. */
  quota?: QuotaSettlement;
}

export interface RunRepository {
  insert(run: RunRecord): Promise<void>;
  findById(id: string): Promise<RunRecord | undefined>;
  listByAccount(accountId: string, options: { limit: number }): Promise<RunRecord[]>;
}
