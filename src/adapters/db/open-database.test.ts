import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './open-database.ts';

function temporaryFolder(): string {
  return mkdtempSync(join(tmpdir(), 'agentapi-open-database-'));
}

/** Permission bits for the group and others: none, whatever the umask. */
function othersBits(path: string): number {
  return statSync(path).mode & 0o077;
}

describe('openDatabase on SQLite', () => {
  it('creates the database file, its WAL and shared-memory files readable by the owner only, in a private folder', async () => {
    const folder = join(temporaryFolder(), 'data', 'nested');
    const file = join(folder, 'agentapi.db');
    const database = await openDatabase(`sqlite:${file}`);
    try {
      await sql`create table probe (value text)`.execute(database.db);
      await sql`insert into probe values ('x')`.execute(database.db);
      for (const path of [file, `${file}-wal`, `${file}-shm`]) {
        expect(existsSync(path)).toBe(true);
        expect(othersBits(path)).toBe(0);
        expect(statSync(path).mode & 0o600).toBe(0o600);
      }
      expect(othersBits(folder)).toBe(0);
      expect(othersBits(join(folder, '..'))).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('keeps the rollback journal private too when the database is not in WAL mode', async () => {
    const file = join(temporaryFolder(), 'journal.db');
    const database = await openDatabase(`sqlite:${file}`);
    try {
      await sql`pragma journal_mode = delete`.execute(database.db);
      await sql`pragma locking_mode = exclusive`.execute(database.db);
      await sql`begin`.execute(database.db);
      await sql`create table probe (value text)`.execute(database.db);
      expect(existsSync(`${file}-journal`)).toBe(true);
      expect(othersBits(`${file}-journal`)).toBe(0);
      await sql`commit`.execute(database.db);
    } finally {
      await database.close();
    }
  });

  it('leaves the mode of an existing file and of folders it did not create alone', async () => {
    const folder = temporaryFolder();
    const file = join(folder, 'existing.db');
    writeFileSync(file, '', { mode: 0o640 });
    const fileMode = statSync(file).mode & 0o777;
    const folderMode = statSync(folder).mode & 0o777;
    const database = await openDatabase(`sqlite:${file}`);
    await database.close();
    expect(statSync(file).mode & 0o777).toBe(fileMode);
    expect(statSync(folder).mode & 0o777).toBe(folderMode);
  });
});
