import { DatabaseUnavailableError } from '../../domain/database-unavailable.ts';

/** Socket errors (errno codes) that mean the server could not be reached or the connection was cut. */
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EHOSTDOWN', 'EAI_AGAIN', 'ENOTFOUND']);

/**
 * PostgreSQL SQLSTATEs that mean the server is not serving: class 08 (connection exceptions), 57014
 * (statement timeout), 57P01-57P03 (shut down, crashed, starting up) and 53300 (too many connections).
 */
const postgresStates = new Set(['57014', '57P01', '57P02', '57P03', '53300']);

/** pg's own errors, which carry no code: a cut connection, a connect or read timeout, a pool that waited too long. */
const postgresClientMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /is not queryable$/,
  /^Connection refused/,
];

/** SQLite's primary result codes for a file another connection holds: SQLITE_BUSY and SQLITE_LOCKED. */
const sqliteBusyCodes = new Set([5, 6]);

/** Errors that come only after waiting out a time limit: the database did not answer at all. */
const timeoutMessages = [/^Query read timeout$/, /^timeout exceeded when trying to connect$/, /due to connection timeout$/];

/**
 * Whether a driver error is the client's own time limit running out with no answer at all (a statement, a
 * connect, a wait for a pooled connection), as opposed to a refusal that came at once. The server's
 * statement timeout (57014) is an answer: the server is there, one statement was slow.
 */
export function isDatabaseTimeout(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === 'ETIMEDOUT') return true;
  return typeof message === 'string' && timeoutMessages.some((pattern) => pattern.test(message));
}

/** Whether a driver error means "the database is not answering" rather than a fault of the query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, errcode, message } = error as { code?: unknown; errcode?: unknown; message?: unknown };
  if (typeof code === 'string' && (networkCodes.has(code) || postgresStates.has(code) || code.startsWith('08'))) return true;
  // node:sqlite reports extended result codes; the low byte is the primary code.
  if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number') return sqliteBusyCodes.has(errcode & 0xff);
  if (typeof message === 'string' && postgresClientMessages.some((pattern) => pattern.test(message))) return true;
  // Connecting to a name with several addresses fails with one error per address.
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable);
}

/** The error as it leaves the database adapter: DatabaseUnavailableError for an outage, unchanged otherwise. */
export function classifyDatabaseError(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError || !isDatabaseUnavailable(error)) return error;
  return new DatabaseUnavailableError({ cause: error });
}
