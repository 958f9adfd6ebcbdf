import { parseArgs } from 'node:util';
import { maxServerWorkers } from '../config/config-schema.ts';
import { UsageError } from './cli-io.ts';

/** `agentapi serve`'s own options. */
export interface ServeOptions {
  /** `--workers N`: processes answering requests, over SERVER_WORKERS; undefined when not given. */
  workers: number | undefined;
}

/** Reads `agentapi serve [--workers N]`; anything else, or a count outside 1…64, is a usage mistake. */
export function parseServeOptions(args: string[]): ServeOptions {
  const { values } = parseArgs({ args, options: { workers: { type: 'string' } }, strict: true, allowPositionals: false });
  if (values.workers === undefined) return { workers: undefined };
  const workers = /^\d{1,3}$/.test(values.workers) ? Number(values.workers) : Number.NaN;
  if (!(workers >= 1 && workers <= maxServerWorkers)) {
    throw new UsageError(`--workers must be a whole number from 1 to ${maxServerWorkers} (got "${values.workers}")`);
  }
  return { workers };
}

/**
 * How many workers serve: `--workers` over the configured count. An in-memory SQLite database lives in one
 * process, so it is served by one: asking for more on the command line is a usage mistake, and a count from
 * the configuration (or the default) is brought down to 1 (`reduced`, for the log).
 */
export function chooseServerWorkers(options: ServeOptions, configured: number, databaseUrl: string): { workers: number; reduced: boolean } {
  if (databaseUrl !== 'sqlite::memory:') return { workers: options.workers ?? configured, reduced: false };
  if (options.workers !== undefined && options.workers > 1) {
    throw new UsageError(`--workers must be 1 with DATABASE_URL=sqlite::memory:: an in-memory database lives in one process`);
  }
  return { workers: 1, reduced: configured > 1 && options.workers === undefined };
}
