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
