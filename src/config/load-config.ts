import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toAppConfig, type AppConfig, type DatabaseUrlSource } from './app-config.ts';
import { environmentSchema } from './config-schema.ts';

export type ConfigResult = { ok: true; config: AppConfig } | { ok: false; problems: string[] };

/** The package root: catalog/ and config/ are found relative to it, whatever the working directory. */
export const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const packageVersion = (JSON.parse(readFileSync(resolve(packageRoot, 'package.json'), 'utf8')) as { version: string }).version;

/** Settings given on the command line, which win over the environment. */
export interface CommandLineSettings {
  /** `--data-dir <dir>`: the SQLite database `<dir>/agentapi.db` (and the webhook key file beside it). */
  dataDir?: string | undefined;
}

/** Validates an environment; lists every problem instead of stopping at the first. */
export function parseConfig(environment: Record<string, string | undefined>, commandLine: CommandLineSettings = {}): ConfigResult {
  const cleaned = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''));
  const urlSource: DatabaseUrlSource = commandLine.dataDir !== undefined ? '--data-dir' : cleaned.DATABASE_URL ? 'DATABASE_URL' : 'default';
  if (commandLine.dataDir !== undefined) {
    // The folder holds the SQLite file and, unless given elsewhere, the key that encrypts webhook secrets.
    cleaned.DATABASE_URL = `sqlite:${resolve(commandLine.dataDir, 'agentapi.db')}`;
    cleaned.WEBHOOK_SECRET_KEY_FILE ??= resolve(commandLine.dataDir, 'webhook-secret.key');
  }
  const parsed = environmentSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return `${name}: ${issue.message}${name in cleaned ? ` (got "${redact(name, cleaned[name] ?? '')}")` : ''}`;
    });
    return { ok: false, problems };
  }
  const environmentValues = parsed.data;
  const config = toAppConfig(environmentValues, {
    catalogDir: resolve(environmentValues.CATALOG_DIR ?? resolve(packageRoot, 'catalog')),
    plansFile: resolve(environmentValues.PLANS_FILE ?? resolve(packageRoot, 'config/plans.yaml')),
    consoleDir: resolve(packageRoot, 'dist/console'),
  });
  return { ok: true, config: { ...config, database: { ...config.database, urlSource } } };
}

/**
 * Reads the process environment, after a `.env` file in the working directory if there is one.
 * This is the only place in the service that reads process.env.
 */
export function loadConfig(commandLine: CommandLineSettings = {}): ConfigResult {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return parseConfig(process.env, commandLine);
}

/** Secrets never appear in messages: key-like variables are masked, and so are credentials inside URLs. */
function redact(name: string, value: string): string {
  if (/KEY|TOKEN|SECRET|PASSWORD|WEBHOOK/.test(name)) return '***';
  return value.replace(/\/\/[^/@\s]*@/, '//***@');
}
