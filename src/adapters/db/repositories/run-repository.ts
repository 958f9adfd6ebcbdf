import type { Insertable, Kysely, Selectable } from 'kysely';
import type { RunRecord, RunRepository, RunStatus, Surface } from '../../../ports/run-repository.ts';
import type { DatabaseSchema, RunsTable } from '../database-schema.ts';

export class KyselyRunRepository implements RunRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async insert(run: RunRecord): Promise<void> {
    await this.insertMany([run]);
  }

  /** Several runs in one statement. */
  async insertMany(runs: readonly RunRecord[]): Promise<void> {
    if (runs.length === 0) return;
    await this.#db.insertInto('runs').values(runs.map(toRow)).execute();
  }

  async findById(id: string): Promise<RunRecord | undefined> {
    const row = await this.#db.selectFrom('runs').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  async listByAccount(accountId: string, options: { limit: number }): Promise<RunRecord[]> {
    const rows = await this.#db
      .selectFrom('runs')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.limit)
      .execute();
    return rows.map(toRecord);
  }
}

function toRow(run: RunRecord): Insertable<RunsTable> {
  return {
    id: run.id,
    account_id: run.accountId,
    surface: run.surface,
    agent: run.agent,
    model: run.model,
    provider: run.provider,
    status: run.status,
    error_code: run.errorCode,
    latency_ms: run.latencyMs,
    input_tokens: run.inputTokens,
    output_tokens: run.outputTokens,
    cost_usd: run.costUsd,
    output: run.output,
    request_id: run.requestId,
    created_at: run.createdAt,
    completed_at: run.completedAt,
  };
}

function toRecord(row: Selectable<RunsTable>): RunRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    surface: row.surface as Surface,
    agent: row.agent,
    model: row.model,
    provider: row.provider,
    status: row.status as RunStatus,
    errorCode: row.error_code,
    latencyMs: Number(row.latency_ms),
    inputTokens: Number(row.input_tokens),
    outputTokens: Number(row.output_tokens),
    costUsd: Number(row.cost_usd),
    output: row.output,
    requestId: row.request_id,
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}
