import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { DatabaseUnavailableError } from '../../domain/database-unavailable.ts';
import type { SchemaInspector, SchemaState } from '../../ports/schema-inspector.ts';
import { migrations, staticMigrationProvider } from './migrations/index.ts';
import type { DatabaseSchema } from './database-schema.ts';
import type { Database } from './open-database.ts';

export interface MigrationReport {
  applied: string[];
  alreadyCurrent: boolean;
}

/**
 * On PostgreSQL the migration tables live in the connection's current schema, named explicitly: Kysely
 * otherwise finds another schema's `kysely_migration` table in the same database and takes it for ours.
 */
async function createMigrator(database: Database, db: Kysely<DatabaseSchema> = database.db): Promise<Migrator> {
  let migrationTableSchema: string | undefined;
  if (database.dialect === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema;
  }
  return new Migrator({ db, provider: staticMigrationProvider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
}

/** Applies every pending migration, without the statement time limit of requests; fails with the migration that broke. */
export async function migrateToLatest(database: Database): Promise<MigrationReport> {
  const { error, results = [] } = await database.withoutTimeouts(async (db) => (await createMigrator(database, db)).migrateToLatest());
  const applied = results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
  if (error) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return { applied, alreadyCurrent: applied.length === 0 };
}

export interface SchemaInspectorOptions {
  /** How long an answer that the schema is behind is reused before the database is asked again. */
  recheckMs?: number;
  /** A monotonic reading in milliseconds; performance.now() unless a test drives it. */
  now?: () => number;
}

/** Once a second: a migration run from another process is seen soon, and a busy route costs one question a second. */
export const schemaRecheckMs = 1000;

/**
 * Answers whether the schema is at the latest migration. Once it is, it stays so for this process
 * (migrations only move forward); until then each question asks the database again, at most once every
 * `recheckMs`.
 */
export class MigrationSchemaInspector implements SchemaInspector {
  readonly #database: Database;
  readonly #recheckMs: number;
  readonly #now: () => number;
  #current = false;
  #lastState: SchemaState | undefined;
  #lastCheckedAt = 0;
  #inFlight: Promise<SchemaState> | undefined;

  constructor(database: Database, options: SchemaInspectorOptions = {}) {
    this.#database = database;
    this.#recheckMs = options.recheckMs ?? schemaRecheckMs;
    this.#now = options.now ?? (() => performance.now());
  }

  async inspect(): Promise<SchemaState> {
    if (this.#current) return { current: true, pending: [] };
    if (this.#lastState && this.#now() - this.#lastCheckedAt < this.#recheckMs) return this.#lastState;
    this.#inFlight ??= this.#check().finally(() => {
      this.#inFlight = undefined;
    });
    return this.#inFlight;
  }

  async #check(): Promise<SchemaState> {
    let state: SchemaState;
    try {
      const infos = await (await createMigrator(this.#database)).getMigrations();
      const pending = infos.filter((info) => info.executedAt === undefined).map((info) => info.name);
      state = { current: pending.length === 0, pending };
    } catch (error) {
      // The driver's own reason (ECONNREFUSED, a cut connection…) rather than the 503 it became.
      const reason = error instanceof DatabaseUnavailableError && error.cause instanceof Error ? error.cause : (error as Error);
      state = { current: false, pending: Object.keys(migrations), error: `database unreachable: ${reason.message}` };
    }
    this.#current = state.current;
    this.#lastState = state;
    this.#lastCheckedAt = this.#now();
    return state;
  }
}
