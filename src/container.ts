import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { ClusterChannel } from './adapters/cluster/cluster-channel.ts';
import { migrateToLatest, type MigrationReport } from './adapters/db/migrator.ts';
import type { Database } from './adapters/db/open-database.ts';
import { buildHttpServices, httpOptionsOf } from './composition/build-http-services.ts';
import { buildProviders } from './composition/build-providers.ts';
import { buildRuns } from './composition/build-runs.ts';
import { buildStorage } from './composition/build-storage.ts';
import { buildUsage } from './composition/build-usage.ts';
import { buildWebhooks } from './composition/build-webhooks.ts';
import { loadCatalogs } from './composition/load-catalogs.ts';
import { processLifecycle, type ProcessLifecycle } from './composition/process-lifecycle.ts';
import type { AppConfig } from './config/app-config.ts';
import { randomString } from './domain/ids.ts';
import type { ModelRegistry } from './domain/routing/model-registry.ts';
import type { HttpOptions, HttpServices } from './http/http-services.ts';
import type { ModelGateway } from './ports/model-gateway.ts';

export interface Container extends ProcessLifecycle {
  config: AppConfig;
  logger: Logger;
  database: Database;
  services: HttpServices;
  httpOptions: HttpOptions;
  registry: ModelRegistry;
  gateway: ModelGateway;
  migrate(): Promise<MigrationReport>;
}

/**
 * Loads the data files and builds every service once (in a worker of `agentapi serve --workers N`, with
 * `cluster`, its line to the primary), in the order they depend on each other (see
 * src/composition/). Anything invalid fails here, before serving.
 */
export async function buildContainer(config: AppConfig, logger: Logger, options: { cluster?: ClusterChannel | undefined } = {}): Promise<Container> {
  const catalogs = loadCatalogs(config);
  const storage = await buildStorage(config, logger, options.cluster);
  const providers = await buildProviders(config, catalogs, storage);
  const usage = buildUsage(config, catalogs, storage, providers.telemetry);
  // This process, as recorded on the playbook steps and webhook deliveries it claims.
  const processOwner = `${hostname()}:${process.pid}:${randomString(6)}`;
  const webhooks = buildWebhooks(config, logger, { storage, outbound: providers.outbound, processOwner });
  const runs = buildRuns(config, logger, { catalogs, storage, providers, usage, webhooks, processOwner });
  const services = buildHttpServices(config, { catalogs, storage, providers, usage, webhooks, runs });
  return {
    config,
    logger,
    database: storage.database,
    services,
    httpOptions: httpOptionsOf(config),
    registry: catalogs.registry,
    gateway: providers.gateway,
    migrate: () => migrateToLatest(storage.database),
    ...processLifecycle(config, logger, { storage, usage, webhooks, runs, idempotency: services.idempotency }),
  };
}
