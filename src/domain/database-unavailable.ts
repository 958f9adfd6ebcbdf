import { AppError } from './errors.ts';

/** How long a client is told to wait before retrying while the database does not answer. */
export const databaseRetryAfterSeconds = 5;

/**
 * The database is not answering: unreachable, the connection cut, a connect or statement timeout, no
 * pooled connection free in time, or SQLite's file locked past its busy timeout. Nothing about the request
 * is wrong, so it answers 503 `overloaded` with Retry-After rather than a 500: the same request succeeds
 * once the database is back.
 */
export class DatabaseUnavailableError extends AppError {
  constructor(options: { cause?: unknown } = {}) {
    super('overloaded', 'The database is not answering right now; retry shortly', {}, { retryAfterSeconds: databaseRetryAfterSeconds, cause: options.cause });
    this.name = 'DatabaseUnavailableError';
  }
}
