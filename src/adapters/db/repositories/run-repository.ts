import type { Insertable, Kysely, Selectable } from 'kysely';
import type { RunLogQuery, RunRecord, RunRepository, RunStatus, Surface } from '../../../ports/run-repository.ts';
import type { DatabaseSchema, RunLatencyBucketsAllTable, RunRollupsAllTable, RunsTable } from '../database-schema.ts';
import type { DialectName } from '../open-database.ts';
import { packJsonText, unpackJsonText } from '../packed-json-text.ts';
import { QueryTemplate } from '../query-template.ts';
import { RunBatchStatement } from './run-batch-statement.ts';
import { settleHolds } from './quota-holds.ts';
import { decodeTrace, encodeTrace } from './run-trace-codec.ts';
import {
  allLatencyBucketColumns,
  allRollupColumns,
  allRollupKeyColumns,
  allSafetyVerdictColumns,
  allSafetyVerdictKeyColumns,
  latencyBucketColumns,
  rollupColumns,
  rollupIncrements,
  rollupKeyColumns,
  safetyVerdictColumns,
  safetyVerdictKeyColumns,
} from './run-rollup-rows.ts';

/** Rollup and latency bucket rows per upsert statement: well under every database's limit on bound parameters. */
const maxRowsPerUpsert = 250;

type RollupTable = 'run_rollups' | 'run_rollups_all';
/** The tables whose rows hold one count per key, and the columns they are written and keyed by. */
const countTables = {
  run_latency_buckets: { columns: latencyBucketColumns, keyColumns: [...rollupKeyColumns, 'bucket'] },
  run_latency_buckets_all: { columns: allLatencyBucketColumns, keyColumns: [...allRollupKeyColumns, 'bucket'] },
  run_safety_verdicts: { columns: safetyVerdictColumns, keyColumns: safetyVerdictKeyColumns },
  run_safety_verdicts_all: { columns: allSafetyVerdictColumns, keyColumns: allSafetyVerdictKeyColumns },
} as const;
type CountTable = keyof typeof countTables;

export class KyselyRunRepository implements RunRepository {
  readonly #db: Kysely<DatabaseSchema>;
  /** The insert of n rows, compiled once per n (see QueryTemplate). */
  readonly #inserts = new Map<number, QueryTemplate<unknown>>();
  /** The upserts of n rows into each rollup table, likewise. */
  readonly #upserts = new Map<string, QueryTemplate<unknown>>();
  /** PostgreSQL: a batch in one statement (see RunBatchStatement); elsewhere, statements in a transaction. */
  readonly #batchStatement: RunBatchStatement | undefined;

  /** `dialect` picks the database's fastest write; without it, the statements every database runs. */
  constructor(db: Kysely<DatabaseSchema>, dialect?: DialectName) {
    this.#db = db;
    this.#batchStatement = dialect === 'postgres' ? new RunBatchStatement(runColumns) : undefined;
  }

  async insert(run: RunRecord): Promise<void> {
    await this.insertMany([run]);
  }

  /**
   * Several runs, what they add to the daily rollups, and the settling of their quota holds, atomically: the
   * rollups always count exactly the stored runs, and the holds the runs settle end with them. On PostgreSQL
   * one statement (RunBatchStatement, one round trip); elsewhere statements in one transaction. The tables
   * are written in one fixed order, each one's rows sorted by key, so concurrent writers lock rows in the
   * same order.
   */
  async insertMany(runs: readonly RunRecord[]): Promise<void> {
    if (runs.length === 0) return;
    const increments = rollupIncrements(runs);
    const settlements = runs.flatMap((run) => (run.quota ? [run.quota] : []));
    const runRows = await Promise.all(runs.map(runToRow));
    if (this.#batchStatement) {
      await this.#db.executeQuery(this.#batchStatement.query(runRows, increments, settlements));
      return;
    }
    await this.#db.transaction().execute(async (transaction) => {
      await this.#insertTemplate(runs.length).execute(slotValues(runRows, runColumns), transaction);
      for (const rows of chunks(increments.rollups)) await this.#rollupTemplate('run_rollups', rows.length).execute(slotValues(rows, rollupColumns), transaction);
      for (const rows of chunks(increments.buckets)) await this.#countTemplate('run_latency_buckets', rows.length).execute(slotValues(rows, latencyBucketColumns), transaction);
      for (const rows of chunks(increments.allRollups)) await this.#rollupTemplate('run_rollups_all', rows.length).execute(slotValues(rows, allRollupColumns), transaction);
      for (const rows of chunks(increments.allBuckets)) {
        await this.#countTemplate('run_latency_buckets_all', rows.length).execute(slotValues(rows, allLatencyBucketColumns), transaction);
      }
      for (const rows of chunks(increments.verdicts)) await this.#countTemplate('run_safety_verdicts', rows.length).execute(slotValues(rows, safetyVerdictColumns), transaction);
      for (const rows of chunks(increments.allVerdicts)) {
        await this.#countTemplate('run_safety_verdicts_all', rows.length).execute(slotValues(rows, allSafetyVerdictColumns), transaction);
      }
      await settleHolds(transaction, settlements);
    });
  }

  /** `INSERT … ON CONFLICT DO UPDATE` adding each counter to the stored row's. */
  #rollupTemplate(table: RollupTable, count: number): QueryTemplate<unknown> {
    const name = `${table}:${count}`;
    let template = this.#upserts.get(name);
    if (!template) {
      const [columns, keyColumns] = table === 'run_rollups' ? [rollupColumns, rollupKeyColumns] : [allRollupColumns, allRollupKeyColumns];
      template = new QueryTemplate(this.#db, (slot) =>
        this.#db
          .insertInto(table)
          .values(slotRows<RunRollupsAllTable>(count, columns, slot))
          .onConflict((conflict) =>
            conflict.columns([...keyColumns]).doUpdateSet((eb) => ({
              requests: eb(`${table}.requests`, '+', eb.ref('excluded.requests')),
              succeeded: eb(`${table}.succeeded`, '+', eb.ref('excluded.succeeded')),
              failed: eb(`${table}.failed`, '+', eb.ref('excluded.failed')),
              blocked: eb(`${table}.blocked`, '+', eb.ref('excluded.blocked')),
              input_tokens: eb(`${table}.input_tokens`, '+', eb.ref('excluded.input_tokens')),
              output_tokens: eb(`${table}.output_tokens`, '+', eb.ref('excluded.output_tokens')),
              cost_usd: eb(`${table}.cost_usd`, '+', eb.ref('excluded.cost_usd')),
            })),
          ),
      );
      this.#upserts.set(name, template);
    }
    return template;
  }

  /** `INSERT … ON CONFLICT DO UPDATE` adding each row's count to the stored row's: latency buckets, safety verdicts. */
  #countTemplate(table: CountTable, count: number): QueryTemplate<unknown> {
    const name = `${table}:${count}`;
    let template = this.#upserts.get(name);
    if (!template) {
      const { columns, keyColumns } = countTables[table];
      template = new QueryTemplate(this.#db, (slot) =>
        this.#db
          .insertInto(table)
          .values(slotRows<RunLatencyBucketsAllTable>(count, columns, slot))
          .onConflict((conflict) => conflict.columns([...keyColumns]).doUpdateSet((eb) => ({ count: eb(`${table}.count`, '+', eb.ref('excluded.count')) }))),
      );
      this.#upserts.set(name, template);
    }
    return template;
  }

  #insertTemplate(count: number): QueryTemplate<unknown> {
    let template = this.#inserts.get(count);
    if (!template) {
      template = new QueryTemplate(this.#db, (slot) =>
        this.#db
          .insertInto('runs')
          .values(slotRows<RunsTable>(count, runColumns, slot)),
      );
      this.#inserts.set(count, template);
    }
    return template;
  }

  async findById(id: string): Promise<RunRecord | undefined> {
    const row = await this.#db.selectFrom('runs').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  async listByAccount(accountId: string, query: RunLogQuery): Promise<RunRecord[]> {
    const { after, since, until, statuses, agent } = query;
    let select = this.#db.selectFrom('runs').selectAll().where('account_id', '=', accountId);
    if (query.topLevel) select = select.where('parent_run_id', 'is', null);
    if (agent !== undefined) select = select.where('agent', '=', agent);
    if (statuses) select = select.where('status', 'in', [...statuses]);
    if (since !== undefined) select = select.where('created_at', '>=', since);
    if (until !== undefined) select = select.where('created_at', '<', until);
    if (after) select = select.where((eb) => eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]));
    const rows = await select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
    return rows.map(toRecord);
  }
}

/** Every column runToRow fills, in a fixed order. */
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
  'parent_run_id',
  'trace',
] as const satisfies readonly (keyof RunsTable)[];

/** `count` rows of slots named `<row>.<column>` (see QueryTemplate). */
function slotRows<Table>(count: number, columns: readonly string[], slot: (name: string) => never): Insertable<Table>[] {
  return Array.from({ length: count }, (_, index) => Object.fromEntries(columns.map((column) => [column, slot(`${index}.${column}`)])) as Insertable<Table>);
}

/** The values of rows for the slots of slotRows. */
function slotValues<Row extends object>(rows: readonly Row[], columns: readonly (keyof Row & string)[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  rows.forEach((row, index) => {
    for (const column of columns) values[`${index}.${column}`] = row[column];
  });
  return values;
}

function chunks<Row>(rows: readonly Row[]): Row[][] {
  const result: Row[][] = [];
  for (let start = 0; start < rows.length; start += maxRowsPerUpsert) result.push(rows.slice(start, start + maxRowsPerUpsert));
  return result;
}

/** A run as its `runs` row, a large output packed (see packJsonText). */
export async function runToRow(run: RunRecord): Promise<Record<(typeof runColumns)[number], unknown> & Insertable<RunsTable>> {
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
    output: run.output === null ? null : await packJsonText(run.output),
    request_id: run.requestId,
    created_at: run.createdAt,
    completed_at: run.completedAt,
    parent_run_id: run.parentRunId ?? null,
    trace: run.trace ? encodeTrace(run.trace) : null,
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
    output: row.output === null ? null : unpackJsonText(row.output),
    requestId: row.request_id,
    createdAt: row.created_at,
    completedAt: row.completed_at,
    parentRunId: row.parent_run_id,
    trace: row.trace ? decodeTrace(row.trace) : null,
  };
}
