import type { Insertable, Kysely, Selectable } from 'kysely';
import type { RunRecord, RunRepository, RunStatus, Surface } from '../../../ports/run-repository.ts';
import type { DatabaseSchema, RunsTable } from '../database-schema.ts';
import { QueryTemplate } from '../query-template.ts';

export class KyselyRunRepository implements RunRepository {
  readonly #db: Kysely<DatabaseSchema>;
  /** The insert of n rows, compiled once per n (see QueryTemplate). */
  readonly #inserts = new Map<number, QueryTemplate<unknown>>();

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async insert(run: RunRecord): Promise<void> {
    await this.insertMany([run]);
  }

  /** Several runs in one statement. */
  async insertMany(runs: readonly RunRecord[]): Promise<void> {
    if (runs.length === 0) return;
    const values: Record<string, unknown> = {};
    runs.forEach((run, index) => {
      for (const [column, value] of Object.entries(toRow(run))) values[`${index}.${column}`] = value;
    });
    await this.#insertTemplate(runs.length).execute(values);
  }

  #insertTemplate(count: number): QueryTemplate<unknown> {
    let template = this.#inserts.get(count);
    if (!template) {
      template = new QueryTemplate(this.#db, (slot) =>
        this.#db
          .insertInto('runs')
          .values(Array.from({ length: count }, (_, index) => Object.fromEntries(runColumns.map((column) => [column, slot(`${index}.${column}`)])) as Insertable<RunsTable>)),
      );
      this.#inserts.set(count, template);
    }
    return template;
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

/** Every column toRow fills, in a fixed order. */
const runColumns = [
  'id',
  'account_id',
  'surface',
  'agent',
  'model',
  'provider',
  'status',
  'error_code',
  'latency_ms',
  'input_tokens',
  'output_tokens',
  'cost_usd',
  'output',
  'request_id',
  'created_at',
  'completed_at',
] as const satisfies readonly (keyof RunsTable)[];

function toRow(run: RunRecord): Record<(typeof runColumns)[number], unknown> & Insertable<RunsTable> {
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
