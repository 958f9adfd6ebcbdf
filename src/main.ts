import cluster from 'node:cluster';
import type { Logger } from 'pino';
import { parseArgs } from 'node:util';
import { processClusterChannel } from './adapters/cluster/cluster-channel.ts';
import { openDatabase } from './adapters/db/open-database.ts';
import { runKeysCommand } from './cli/commands/keys-command.ts';
import { runPlaybookCommand } from './cli/commands/playbook-command.ts';
import { runAgentCommand } from './cli/commands/run-command.ts';
import { runRunsCommand } from './cli/commands/runs-command.ts';
import { runUsageCommand } from './cli/commands/usage-command.ts';
import { runWebhooksCommand } from './cli/commands/webhooks-command.ts';
import { processIo, UsageError } from './cli/cli-io.ts';
import { describeAppError } from './cli/describe-error.ts';
import { announceDatabase, databaseMissing, missingDatabaseMessage } from './cli/database-choice.ts';
import { exitCodes } from './cli/exit-codes.ts';
import { takeGlobalOptions, type GlobalOptions } from './cli/global-options.ts';
import { chooseServerWorkers, parseServeOptions, type ServeOptions } from './cli/serve-options.ts';
import { usage } from './cli/usage.ts';
import { runClusterPrimary } from './cluster/cluster-primary.ts';
import { prepareDatabase } from './composition/prepare-database.ts';
import { drainMsOf } from './composition/process-lifecycle.ts';
import type { AppConfig } from './config/app-config.ts';
import { loadConfig } from './config/load-config.ts';
import { createLogger } from './adapters/logging/create-logger.ts';
import { buildContainer, type Container } from './container.ts';
import { AppError } from './domain/errors.ts';
import { buildApp } from './http/build-app.ts';

const commands = ['serve', 'worker', 'migrate', 'keys', 'webhooks', 'run', 'playbook', 'runs', 'usage'];

/** Commands that may start on a database that does not exist yet, creating it (and saying so). */
function mayCreateDatabase(command: string, args: string[]): boolean {
  return command === 'serve' || command === 'worker' || command === 'migrate' || (command === 'keys' && args[0] === 'create');
}

/** The composition root: configuration, then the container, then the server or a command. */
export async function main(argv: string[]): Promise<number> {
  let globals: GlobalOptions;
  try {
    globals = takeGlobalOptions(argv);
  } catch (error) {
    return reportCommandError(error, false);
  }
  const [command = 'serve', ...args] = globals.args;
  if (command === 'help' || command === '--help' || command === '-h') {
    processIo.out(usage);
    return exitCodes.ok;
  }
  if (!commands.includes(command)) {
    processIo.error(`Unknown command "${command}".\n\n${usage}`);
    return exitCodes.usage;
  }
  let serveOptions: ServeOptions | undefined;
  try {
    if (command === 'serve') serveOptions = parseServeOptions(args);
  } catch (error) {
    return reportCommandError(error, globals.debug);
  }

  const loaded = loadConfig({ dataDir: globals.dataDir });
  if (!loaded.ok) {
    processIo.error(`Invalid configuration:\n- ${loaded.problems.join('\n- ')}`);
    return exitCodes.failed;
  }
  const config = loaded.config;
  const longRunning = command === 'serve' || command === 'worker';
  if (command === 'worker' && !config.redis.url) {
    processIo.error('agentapi worker needs REDIS_URL: steps reach worker processes through Redis. Without it, `agentapi serve` executes playbook steps itself.');
    return exitCodes.failed;
  }
  // A command never makes a new, empty database where it happens to run: only those that set one up may.
  const missing = databaseMissing(config.database);
  if (missing && !mayCreateDatabase(command, args)) {
    processIo.error(missingDatabaseMessage(config.database, [command, ...args.slice(0, 1)].join(' ')));
    return exitCodes.noDatabase;
  }
  const processLogger = createLogger(longRunning ? config.logLevel : 'warn', longRunning ? 1 : 2, { format: config.logFormat });
  let workers = 1;
  if (command === 'serve') {
    try {
      const chosen = chooseServerWorkers(serveOptions ?? { workers: undefined }, config.server.workers, config.database.url);
      if (chosen.reduced) processLogger.warn('DATABASE_URL=sqlite::memory: lives in one process: serving with one worker');
      workers = chosen.workers;
    } catch (error) {
      return reportCommandError(error, globals.debug);
    }
  }
  // `serve` with more than one worker: this process supervises the workers, each of which runs `serve` again.
  if (command === 'serve' && workers > 1 && cluster.isPrimary) return superviseWorkers(config, processLogger, { workers, missing, debug: globals.debug });
  // A worker's id: 1 to N for the first ones, then counting on as the primary replaces workers. Its log lines say it.
  const serverWorker = command === 'serve' ? cluster.worker?.id : undefined;
  const logger = serverWorker === undefined ? processLogger : processLogger.child({ worker: serverWorker });

  let container: Container;
  try {
    container = await buildContainer(config, logger, { cluster: serverWorker === undefined ? undefined : processClusterChannel() });
  } catch (error) {
    return failed(reportCommandError(error, globals.debug), serverWorker);
  }
  // The primary said it, once.
  if (serverWorker === undefined) processIo.error(announceDatabase(config.database, container.database.location, missing));

  try {
    if (command === 'serve') return await serve(container, logger, serverWorker);
    if (command === 'worker') return await work(container, logger);
    if (command === 'migrate') return await migrate(container, args);
    await requireCurrentSchema(container);
    return await runCommand(command, args, container);
  } catch (error) {
    return failed(reportCommandError(error, globals.debug), serverWorker);
  } finally {
    if (!longRunning) await container.close();
  }
}

/** The commands that act on the database through the domain services, once the schema is current. */
async function runCommand(command: string, args: string[], container: Container): Promise<number> {
  const { services } = container;
  switch (command) {
    case 'webhooks':
      return runWebhooksCommand(args, services.webhookSecrets, processIo);
    case 'run':
      return runAgentCommand(args, services, processIo);
    case 'runs':
      return runRunsCommand(args, services, processIo);
    case 'usage':
      return runUsageCommand(args, services, processIo);
    case 'playbook':
      return withInterruption((interrupted) => runPlaybookCommand(args, services, processIo, { startWorker: () => container.startPlaybookWorker(), interrupted }));
    default:
      return runKeysCommand(args, services.accounts, processIo);
  }
}

/** Runs work with a signal aborted on Ctrl-C or SIGTERM, listening only while it runs. */
async function withInterruption(work: (interrupted: AbortSignal) => Promise<number>): Promise<number> {
  const controller = new AbortController();
  const interrupt = () => controller.abort();
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    return await work(controller.signal);
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }
}

async function migrate(container: Container, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { json: { type: 'boolean', default: false } }, strict: true });
  const report = await container.migrate();
  const location = container.database.location;
  if (values.json) processIo.out(JSON.stringify({ database: location, applied: report.applied, alreadyCurrent: report.alreadyCurrent }));
  processIo.error(report.alreadyCurrent ? `${location}: already at the latest migration.` : `${location}: applied ${report.applied.join(', ')}.`);
  return exitCodes.ok;
}

/** The database exists but its schema is behind, and this command may not migrate it. */
class DatabaseNotReady extends Error {
  override name = 'DatabaseNotReady';
}

/** Commands that use the database: SQLite migrates itself (unless AUTO_MIGRATE=false); PostgreSQL must be migrated. */
async function requireCurrentSchema(container: Container): Promise<void> {
  if (container.database.dialect === 'sqlite' && container.config.database.autoMigrate) {
    await container.migrate();
    return;
  }
  const state = await container.services.schema.inspect();
  if (!state.current) {
    throw new DatabaseNotReady(`${container.database.location} is not ready: ${state.error ?? `pending migrations ${state.pending.join(', ')}`}. Run \`agentapi migrate\` first.`);
  }
}

/**
 * The primary of `agentapi serve --workers N` (see src/cluster/cluster-primary.ts): it builds no container, it
 * prepares the database once (migrating SQLite), closes it, then forks and supervises the workers.
 */
async function superviseWorkers(config: AppConfig, logger: Logger, options: { workers: number; missing: boolean; debug: boolean }): Promise<number> {
  const stopped = untilStopped(logger);
  try {
    const database = await openDatabase(config.database.url, { preparedStatements: config.database.preparedStatements });
    processIo.error(announceDatabase(config.database, database.location, options.missing));
    try {
      await prepareDatabase(database, config, logger);
    } finally {
      await database.close();
    }
  } catch (error) {
    return reportCommandError(error, options.debug);
  }
  // A worker's stop waits for its runs to be recorded, then closes its connections.
  return runClusterPrimary({ workers: options.workers, logger, stopped, stopTimeoutMs: drainMsOf(config) + 15_000 });
}

/** `agentapi serve`: the whole server in this process, or one of the workers (`serverWorker`, its id) of `--workers N`. */
async function serve(container: Container, logger: Logger, serverWorker: number | undefined): Promise<number> {
  const { config } = container;
  // The primary prepared the database before forking the workers.
  if (serverWorker === undefined) await prepareDatabase(container.database, config, logger);
  // Said once, by the first worker.
  if (serverWorker === undefined || serverWorker === 1) announceProviders(container, logger);

  // Embedded mode has no other process to run playbook steps; with Redis, dedicated workers may take them all.
  if (!config.redis.url || config.playbooks.serverWorker) container.startPlaybookWorker();
  // Claims are atomic, so every process may send due callbacks.
  container.startWebhookWorker();
  const app = await buildApp(container.services, container.httpOptions, logger);
  const purge = setInterval(() => {
    container.purgeExpiredCounters().catch((error: unknown) => logger.warn({ err: error }, 'could not purge expired counters'));
  }, 3_600_000);
  purge.unref();
  // Units held by a process that died come back within one and a half hold times.
  const reclaim = setInterval(() => void container.reclaimExpiredHolds(), Math.max(500, Math.floor(config.quotaHoldMs / 2)));
  reclaim.unref();
  const address = await app.listen({ host: config.server.host, port: config.server.port });
  if (serverWorker === undefined) {
    logger.info({ address, database: container.database.location, agents: container.services.catalog.size }, `Agent Execution API listening on ${address}`);
  } else {
    // The primary announces the server once every worker listens.
    logger.info({ database: container.database.location, agents: container.services.catalog.size }, `server worker ${serverWorker} ready`);
  }

  await untilStopped(logger);
  clearInterval(purge);
  clearInterval(reclaim);
  await app.close();
  await container.close();
  // A worker's channel to the primary would keep it alive: closing it lets the process end.
  if (serverWorker !== undefined) cluster.worker?.disconnect();
  return 0;
}

/** `agentapi worker`: executes playbook steps taken from Redis until stopped; serves no HTTP. */
async function work(container: Container, logger: Logger): Promise<number> {
  const stopped = untilStopped(logger);
  if (await untilSchemaCurrent(container, logger, stopped)) {
    container.startPlaybookWorker();
    container.startWebhookWorker();
    logger.info({ database: container.database.location, concurrency: container.config.playbooks.workerConcurrency }, 'Playbook worker started');
    await stopped;
  }
  await container.close();
  return 0;
}

/** The longest pause between two looks at a database that is not migrated yet. */
const schemaWaitCeilingMs = 30_000;

/**
 * A worker started before `agentapi migrate` (they are often deployed together) waits for the schema, asking
 * again after 1, 2, 4… seconds (at most 30) and saying so each time, instead of failing once and idling.
 * SQLite with AUTO_MIGRATE migrates itself. False when the process was stopped while waiting.
 */
async function untilSchemaCurrent(container: Container, logger: Logger, stopped: Promise<void>): Promise<boolean> {
  if (container.database.dialect === 'sqlite' && container.config.database.autoMigrate) {
    await container.migrate();
    return true;
  }
  let halted = false;
  void stopped.then(() => (halted = true));
  for (let delayMs = 1000; !halted; delayMs = Math.min(delayMs * 2, schemaWaitCeilingMs)) {
    const state = await container.services.schema.inspect();
    if (state.current) return true;
    logger.warn(
      { pending: state.pending, error: state.error, retryInMs: delayMs },
      `${container.database.location} is not ready (${state.error ?? 'pending migrations'}): waiting for \`agentapi migrate\` before taking steps`,
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([stopped, new Promise((resolve) => (timer = setTimeout(resolve, delayMs)))]);
    clearTimeout(timer);
  }
  return false;
}

function untilStopped(logger: Logger): Promise<void> {
  return new Promise<void>((resolve) => {
    const shutdown = (signal: string) => {
      logger.info({ signal }, 'shutting down');
      resolve();
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  });
}

function announceProviders(container: Container, logger: Logger): void {
  const configured = [...container.gateway.configuredProviders()].filter((name) => name !== 'sandbox');
  if (configured.length === 0) {
    logger.warn(
      'No model provider is configured: every agent answers from the built-in sandbox provider (deterministic output, ' +
        'labelled "sandbox" in data.model and meta.provider). Set a provider key such as OPENAI_API_KEY to use real models.',
    );
  } else {
    logger.info({ providers: configured }, `model providers: ${configured.join(', ')}`);
  }
}

/**
 * A server worker that failed (its port taken, a bad catalog…) ends at once: its channel to the primary and
 * its connections would keep it alive, and the primary is waiting for its exit. Anything else returns the code.
 */
function failed(code: number, serverWorker: number | undefined): number {
  if (serverWorker !== undefined) process.exit(code);
  return code;
}

/**
 * A failed command's message on standard error and its exit code (see exitCodes): the message alone, with
 * the stack trace only under --debug.
 */
function reportCommandError(error: unknown, debug: boolean): number {
  const code = (error as { code?: unknown }).code;
  const trace = debug && error instanceof Error && error.stack ? `\n\n${error.stack}` : '';
  if (error instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) {
    processIo.error(`${(error as Error).message}\n\n${usage}${trace}`);
    return exitCodes.usage;
  }
  if (error instanceof DatabaseNotReady) {
    processIo.error(`${error.message}${trace}`);
    return exitCodes.noDatabase;
  }
  if (error instanceof AppError) {
    processIo.error(`${describeAppError(error)}${trace}`);
    return exitCodes.failed;
  }
  processIo.error(`${error instanceof Error ? error.message : String(error)}${trace || (debug ? '' : '\n(run again with --debug for the stack trace)')}`);
  return exitCodes.failed;
}
