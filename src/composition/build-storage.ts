import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { ClusterChannel } from '../adapters/cluster/cluster-channel.ts';
import { ClusterRunEventBus } from '../adapters/cluster/cluster-run-event-bus.ts';
import { openDatabase, type Database } from '../adapters/db/open-database.ts';
import { MigrationSchemaInspector } from '../adapters/db/migrator.ts';
import { KyselyAccountRepository } from '../adapters/db/repositories/account-repository.ts';
import { BatchingRunRepository } from '../adapters/db/repositories/batching-run-repository.ts';
import { KyselyPlaybookRunRepository } from '../adapters/db/repositories/playbook-run-repository.ts';
import { KyselyRunRepository } from '../adapters/db/repositories/run-repository.ts';
import { SqlQuotaLedger } from '../adapters/db/repositories/sql-quota-ledger.ts';
import { SqlRollingWindow } from '../adapters/db/repositories/sql-rolling-window.ts';
import { InMemoryRunEventBus } from '../adapters/events/in-memory-run-event-bus.ts';
import { InProcessPlaybookQueue } from '../adapters/queue/in-process-playbook-queue.ts';
import { openRedis } from '../adapters/redis/open-redis.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { PlaybookQueue } from '../ports/playbook-queue.ts';
import type { RunEventBus } from '../ports/run-event-bus.ts';

/** The connections, and the stores more than one service shares (each built once). */
export interface Storage {
  database: Database;
  /** Only when REDIS_URL is set. */
  redis: Redis | undefined;
  schema: MigrationSchemaInspector;
  accounts: KyselyAccountRepository;
  /** The agent run log, its writes batched. */
  runLog: BatchingRunRepository;
  playbookRuns: KyselyPlaybookRunRepository;
  /** In the database even with Redis: a counter is settled in the transaction that records the work it counts. */
  quotaLedger: SqlQuotaLedger;
  /** The free tier's window when there is no Redis. */
  sqlWindow: SqlRollingWindow;
  /** Playbook steps: in this process by default, through Redis (BullMQ) when it is configured. */
  queue: PlaybookQueue;
  /** Progress signals of runs: in this process by default, Redis pub/sub when it is configured, through the primary in a server worker without Redis. */
  events: RunEventBus;
  /** In a worker of `agentapi serve --workers N`: the line to the primary and, through it, the other workers. */
  cluster: ClusterChannel | undefined;
}

/** Opens the database, Redis when configured, and the playbook transport. */
export async function buildStorage(config: AppConfig, logger: Logger, cluster?: ClusterChannel): Promise<Storage> {
  // A pooled connection that drops with no statement waiting is replaced by the pool: worth a line, not a crash.
  const database = await openDatabase(config.database.url, { onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost'), preparedStatements: config.database.preparedStatements });
  const redis = config.redis.url ? await openRedis(config.redis.url, config.redis.keyPrefix) : undefined;
  return {
    database,
    redis,
    schema: new MigrationSchemaInspector(database),
    accounts: new KyselyAccountRepository(database.db),
    runLog: new BatchingRunRepository(new KyselyRunRepository(database.db, database.dialect)),
    playbookRuns: new KyselyPlaybookRunRepository(database.db),
    quotaLedger: new SqlQuotaLedger(database.db, database.dialect),
    sqlWindow: new SqlRollingWindow(database.db),
    ...(await openPlaybookTransport(config, logger, cluster)),
    cluster,
  };
}

/**
 * Steps and progress signals: in this process by default, through Redis (BullMQ, pub/sub) when it is
 * configured. A server worker without Redis runs its own steps and signals the other workers through the
 * primary; with Redis, Redis already reaches every process.
 */
async function openPlaybookTransport(config: AppConfig, logger: Logger, cluster: ClusterChannel | undefined): Promise<{ queue: PlaybookQueue; events: RunEventBus }> {
  const onError = (error: unknown) => logger.error({ err: error }, 'playbook queue error');
  if (!config.redis.url) return { queue: new InProcessPlaybookQueue({ onError }), events: cluster ? new ClusterRunEventBus(cluster) : new InMemoryRunEventBus() };
  // Loaded only when Redis is configured.
  const [{ BullMqPlaybookQueue }, { RedisRunEventBus }] = await Promise.all([import('../adapters/queue/bullmq-playbook-queue.ts'), import('../adapters/redis/redis-run-event-bus.ts')]);
  return {
    queue: new BullMqPlaybookQueue({ url: config.redis.url, prefix: config.redis.keyPrefix, lockDurationMs: config.playbooks.leaseMs, onError }),
    events: await RedisRunEventBus.create({ url: config.redis.url, prefix: config.redis.keyPrefix }),
  };
}
