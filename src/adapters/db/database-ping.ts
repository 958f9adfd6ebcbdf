import { sql } from 'kysely';
import { DatabaseUnavailableError } from '../../domain/database-unavailable.ts';
import type { DependencyPing } from '../../ports/dependency-ping.ts';
import type { Database } from './open-database.ts';

/** `SELECT 1` on the database: it answers, whatever its schema. Fails with the driver's own error, which names the reason (ECONNREFUSED…). */
export function databasePing(database: Database): DependencyPing {
  return {
    name: 'database',
    async ping() {
      try {
        await sql`select 1`.execute(database.db);
      } catch (error) {
        throw error instanceof DatabaseUnavailableError && error.cause !== undefined ? error.cause : error;
      }
    },
  };
}
