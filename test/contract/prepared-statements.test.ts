import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/adapters/db/open-database.ts';
import { StatementNames } from '../../src/adapters/db/postgres/statement-names.ts';
import { freshPostgresUrl } from '../support/test-databases.ts';

let database: Database | undefined;

afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('statement names', () => {
  it('gives one text one name, and stops naming new texts at its limit', () => {
    const names = new StatementNames(2);
    const first = names.nameOf('select 1');
    expect(first).toBeDefined();
    expect(names.nameOf('select 1')).toBe(first);
    expect(names.nameOf('select 2')).not.toBe(first);
    expect(names.nameOf('select 3')).toBeUndefined();
    expect(names.nameOf('select 1')).toBe(first);
  });
});

describe('prepared statements on PostgreSQL', () => {
  it('prepares each statement once per connection and runs it again by name', async () => {
    database = await openDatabase(await freshPostgresUrl());
    const db = database.db;
    const prepared = await db.connection().execute(async (connection) => {
      for (let round = 0; round < 3; round += 1) await sql`select ${round}::int as round`.execute(connection);
      return sql<{ statement: string }>`select statement from pg_prepared_statements where statement like ${'select $1::int as round%'}`.execute(connection);
    });
    expect(prepared.rows).toHaveLength(1);
  });

  it('prepares nothing when turned off, for a pooler that cannot keep prepared statements', async () => {
    database = await openDatabase(await freshPostgresUrl(), { preparedStatements: false });
    const prepared = await database.db.connection().execute(async (connection) => {
      for (let round = 0; round < 3; round += 1) await sql`select ${round}::int as round`.execute(connection);
      return sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection);
    });
    expect(prepared.rows).toHaveLength(0);
  });

  it('runs a statement again after a migration changed the columns it returns', async () => {
    database = await openDatabase(await freshPostgresUrl());
    const db = database.db;
    const rows = await db.connection().execute(async (connection) => {
      await sql`create table widgets (id int primary key)`.execute(connection);
      await sql`insert into widgets values (1)`.execute(connection);
      const query = () => sql<Record<string, unknown>>`select * from widgets where id = ${1}`.execute(connection);
      await query();
      await sql`alter table widgets add column name text default 'bolt'`.execute(connection);
      return (await query()).rows;
    });
    expect(rows).toEqual([{ id: 1, name: 'bolt' }]);
  });
});
