import { DatabaseSync } from 'node:sqlite';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../../domain/database-unavailable.ts';
import { classifyDatabaseError, isDatabaseTimeout, isDatabaseUnavailable } from './database-unavailability.ts';

const withCode = (code: string, message = 'driver error') => Object.assign(new Error(message), { code });

/** A real "database is locked" from node:sqlite: a second connection writes while the first holds the write lock. */
function lockedError(): unknown {
  const file = join(mkdtempSync(join(tmpdir(), 'agentapi-locked-')), 'locked.db');
  const holder = new DatabaseSync(file);
  const writer = new DatabaseSync(file, { timeout: 10 });
  try {
    holder.exec('PRAGMA journal_mode = WAL; create table probe (value text); begin immediate; insert into probe values (1)');
    writer.prepare('insert into probe values (2)').run();
    return undefined;
  } catch (error) {
    return error;
  } finally {
    writer.close();
    holder.close();
  }
}

describe('database unavailability — the database is not answering', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['an unreachable host', withCode('EHOSTUNREACH')],
    ['a connection exception (class 08)', withCode('08006', 'connection failure')],
    ['a statement timeout', withCode('57014', 'canceling statement due to statement timeout')],
    ['a server shutting down', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server starting up', withCode('57P03', 'the database system is starting up')],
    ['too many connections', withCode('53300', 'sorry, too many clients already')],
    ['a cut connection', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ['a pool with no free connection in time', new Error('timeout exceeded when trying to connect')],
    ['a read timeout', new Error('Query read timeout')],
    ['a client that lost its connection', new Error('Client has encountered a connection error and is not queryable')],
    ['every address refused', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed')],
    ['SQLite busy (extended code)', Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 517 })],
    ['SQLite table locked', Object.assign(new Error('database table is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 6 })],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    const classified = classifyDatabaseError(error);
    expect(classified).toBeInstanceOf(DatabaseUnavailableError);
    expect(classified).toMatchObject({ code: 'overloaded', retryAfterSeconds: 5, cause: error });
  });

  it('a real SQLite write lock held past the busy timeout', () => {
    const error = lockedError();
    expect(error).toMatchObject({ code: 'ERR_SQLITE_ERROR', errcode: 5 });
    expect(classifyDatabaseError(error)).toBeInstanceOf(DatabaseUnavailableError);
  });

  it('keeps an error already classified as it is', () => {
    const error = new DatabaseUnavailableError({ cause: withCode('ECONNRESET') });
    expect(classifyDatabaseError(error)).toBe(error);
  });
});

describe('database unavailability — faults of the query stay what they are', () => {
  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', withCode('42601', 'syntax error at or near "selec"')],
    ['a missing table', withCode('42P01', 'relation "runs" does not exist')],
    ['a SQLite constraint', Object.assign(new Error('UNIQUE constraint failed: runs.id'), { code: 'ERR_SQLITE_ERROR', errcode: 2067 })],
    ['a SQLite missing table', Object.assign(new Error('no such table: runs'), { code: 'ERR_SQLITE_ERROR', errcode: 1 })],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['an aggregate of other errors', new AggregateError([withCode('23505')], 'several')],
    ['not an error at all', 'Connection terminated unexpectedly'],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(classifyDatabaseError(error)).toBe(error);
  });
});

describe('database timeouts — no answer within a time limit, as opposed to a refusal at once', () => {
  it.each([
    ['a read timeout', new Error('Query read timeout'), true],
    ['a connect timeout', new Error('Connection terminated due to connection timeout'), true],
    ['a pool with no free connection in time', new Error('timeout exceeded when trying to connect'), true],
    ['a socket timeout', withCode('ETIMEDOUT'), true],
    ['the server cancelling one slow statement', withCode('57014', 'canceling statement due to statement timeout'), false],
    ['a refused connection', withCode('ECONNREFUSED'), false],
    ['a cut connection', new Error('Connection terminated unexpectedly'), false],
    ['a unique violation', withCode('23505'), false],
  ])('%s', (_name, error, timedOut) => {
    expect(isDatabaseTimeout(error)).toBe(timedOut);
  });
});
