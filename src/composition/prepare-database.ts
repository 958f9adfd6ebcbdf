import type { Logger } from 'pino';
import { MigrationSchemaInspector, migrateToLatest } from '../adapters/db/migrator.ts';
import type { Database } from '../adapters/db/open-database.ts';
import type { AppConfig } from '../config/app-config.ts';

/**
 * What `agentapi serve` does once before serving: SQLite (with AUTO_MIGRATE) migrates itself; a database
 * behind its migrations is only reported, its endpoints answering 503 not_migrated until `agentapi migrate`.
 * With several server workers the primary does it, before forking, so no two processes migrate at once.
 */
export async function prepareDatabase(database: Database, config: AppConfig, logger: Logger): Promise<void> {
  if (database.dialect === 'sqlite' && config.database.autoMigrate) {
    const report = await migrateToLatest(database);
    if (!report.alreadyCurrent) logger.info({ applied: report.applied }, `migrated ${database.location}`);
    return;
  }
  const state = await new MigrationSchemaInspector(database).inspect();
  if (!state.current) {
    logger.warn(
      { pending: state.pending, error: state.error },
      `${database.location} is not at the latest migration: database-backed endpoints answer 503 not_migrated until \`agentapi migrate\` runs`,
    );
  }
}
