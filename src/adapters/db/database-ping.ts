import { sql } from 'kysely';
import type { DependencyPing } from '../../ports/dependency-ping.ts';
import type { Database } from './open-database.ts';

/** `SELECT 1` on the database: it answers, whatever its schema. */
export function databasePing(database: Database): DependencyPing {
  return {
    name: 'database',
    async ping() {
      await sql`select 1`.execute(database.db);
    },
  };
}
