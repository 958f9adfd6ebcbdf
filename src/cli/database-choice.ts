import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DatabaseUrlSource } from '../config/app-config.ts';

/** Which database a command uses, as told on standard error before it starts. */
export interface DatabaseChoice {
  url: string;
  urlSource: DatabaseUrlSource;
}

/** The SQLite file a URL names, absolute; undefined for PostgreSQL and for an in-memory database. */
export function sqliteFileOf(url: string): string | undefined {
  if (!url.startsWith('sqlite:') || url === 'sqlite::memory:') return undefined;
  return resolve(url.slice('sqlite:'.length));
}

/** True when the URL names a SQLite file that is not there yet (a PostgreSQL database is asked when connecting). */
export function databaseMissing(choice: DatabaseChoice): boolean {
  const file = sqliteFileOf(choice.url);
  return file !== undefined && !existsSync(file);
}

const sourceText: Record<DatabaseUrlSource, string> = {
  default: 'the default, relative to this directory; set DATABASE_URL or --data-dir to choose another',
  DATABASE_URL: 'from DATABASE_URL',
  '--data-dir': 'from --data-dir',
};

/** The one line every command writes first: which database, where it came from, and whether it is new. */
export function announceDatabase(choice: DatabaseChoice, location: string, created: boolean): string {
  return `agentapi: database ${location} (${sourceText[choice.urlSource]})${created ? ': created now, it did not exist' : ''}`;
}

/** Why a command that reads existing data does not start on a database that is not there. */
export function missingDatabaseMessage(choice: DatabaseChoice, command: string): string {
  const file = sqliteFileOf(choice.url) ?? choice.url;
  return (
    `agentapi ${command}: there is no database at ${file} (${sourceText[choice.urlSource]}); nothing was created.\n` +
    'Point to the existing one with --data-dir <dir> or DATABASE_URL, or create one with `agentapi migrate` (or `agentapi serve`).'
  );
}
