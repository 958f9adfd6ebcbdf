import { join } from 'node:path';
import type { Logger } from 'pino';
import { systemClock } from './adapters/system-clock.ts';
import { JwksTokenVerifier } from './adapters/auth/jwks-token-verifier.ts';
import { readYamlFile, readYamlFolder } from './adapters/catalog/yaml-files.ts';
import { openDatabase, type Database } from './adapters/db/open-database.ts';
import { MigrationSchemaInspector, migrateToLatest, type MigrationReport } from './adapters/db/migrator.ts';
import { KyselyAccountRepository } from './adapters/db/repositories/account-repository.ts';
import { KyselyApiKeyRepository } from './adapters/db/repositories/api-key-repository.ts';
import { BatchingRunRepository } from './adapters/db/repositories/batching-run-repository.ts';
import { KyselyRunRepository } from './adapters/db/repositories/run-repository.ts';
import { AiSdkModelGateway } from './adapters/providers/ai-sdk-model-gateway.ts';
import { providerAdapters } from './adapters/providers/index.ts';
import { BraveWebSearch } from './adapters/web-search/brave-web-search.ts';
import { HtmlPageInspector } from './adapters/web/html-page-inspector.ts';
import { HtmlPageReader } from './adapters/web/html-page-reader.ts';
import { SafeOutboundHttp } from './adapters/web/safe-outbound-http.ts';
import { readSafetyModels } from './adapters/safety/safety-model-files.ts';
import { OpenAiModerator } from './adapters/moderation/openai-moderator.ts';
import { KyselyConversationRepository } from './adapters/db/repositories/conversation-repository.ts';
import { SqlRollingWindow } from './adapters/db/repositories/sql-rolling-window.ts';
import { SqlUsageCounters } from './adapters/db/repositories/sql-usage-counters.ts';
import { openRedis } from './adapters/redis/open-redis.ts';
import { InMemoryCircuitBreaker } from './adapters/routing-state/in-memory-circuit-breaker.ts';
import { RedisRollingWindow } from './adapters/redis/redis-rolling-window.ts';
import { RedisUsageCounters } from './adapters/redis/redis-usage-counters.ts';
import type { AppConfig } from './config/app-config.ts';
import { packageVersion } from './config/load-config.ts';
import { AccountService } from './domain/accounts/account-service.ts';
import { buildAgentCatalog, type AgentCatalog } from './domain/agents/agent-catalog.ts';
import { AgentRunner } from './domain/agents/agent-runner.ts';
import { buildPlaybookCatalog } from './domain/playbooks/playbook-catalog.ts';
import { FreeTierService } from './domain/quotas/free-tier-service.ts';
import { buildPlanTables } from './domain/quotas/plan-table.ts';
import { QuotaService } from './domain/quotas/quota-service.ts';
import { buildModelRegistry, type ModelRegistry } from './domain/routing/model-registry.ts';
import { ModelRouter } from './domain/routing/model-router.ts';
import { createSafetyPipeline } from './domain/safety/create-safety-pipeline.ts';
import { ModelCritic } from './domain/safety/layers/critic/model-critic.ts';
import { ModelJailbreakJudge } from './domain/safety/layers/jailbreak/model-judge.ts';
import type { HttpOptions, HttpServices } from './http/http-services.ts';
import type { ModelGateway } from './ports/model-gateway.ts';
import { createAgentTools } from './domain/tools/create-agent-tools.ts';
import { checkToolsMatchDescriptors, toolDescriptorMap } from './domain/tools/tool-registry.ts';

export interface Container {
  config: AppConfig;
  logger: Logger;
  database: Database;
  services: HttpServices;
  httpOptions: HttpOptions;
  registry: ModelRegistry;
  gateway: ModelGateway;
  migrate(): Promise<MigrationReport>;
  /** Housekeeping for database-held counters of days and windows that have ended; Redis expires its own. */
  purgeExpiredCounters(): Promise<number>;
  close(): Promise<void>;
}

/** Loads the data files and builds every service once. Anything invalid fails here, before serving. */
export async function buildContainer(config: AppConfig, logger: Logger): Promise<Container> {
  const catalog = loadCatalog(config.paths.catalogDir);
  const playbooks = buildPlaybookCatalog(readYamlFolder(join(config.paths.catalogDir, 'playbooks')), catalog);
  const registryFile = readYamlFile(join(config.paths.catalogDir, 'models.yaml'));
  const registry = buildModelRegistry(registryFile.content, registryFile.origin);
  const plansFile = readYamlFile(config.paths.plansFile);
  const plans = buildPlanTables(plansFile.content, plansFile.origin);
  const safetyModels = readSafetyModels(config.paths.catalogDir);

  const database = await openDatabase(config.database.url);
  const gateway = await AiSdkModelGateway.create(config.providers, providerAdapters);
  const breaker = new InMemoryCircuitBreaker(config.circuitBreaker);
  const router = new ModelRouter(registry, gateway.configuredProviders(), breaker);
  const modelHelp = { gateway, breaker, timeoutMs: config.safety.modelTimeoutMs };
  const safety = createSafetyPipeline(safetyModels, {
    ...(config.safety.judge === 'model' ? { judge: new ModelJailbreakJudge({ ...modelHelp, router }) } : {}),
    ...(config.safety.critic === 'model' ? { critic: new ModelCritic(modelHelp) } : {}),
    ...(config.safety.moderation === 'openai' && config.providers.openai.apiKey
      ? { moderator: new OpenAiModerator({ baseUrl: config.providers.openai.baseUrl, apiKey: config.providers.openai.apiKey, timeoutMs: config.safety.modelTimeoutMs }) }
      : {}),
  });
  const tokenVerifier = config.auth.jwksUrl
    ? new JwksTokenVerifier({ jwksUrl: config.auth.jwksUrl, issuer: config.auth.issuer, audience: config.auth.audience })
    : undefined;

  const outbound = new SafeOutboundHttp({
    allowHosts: config.outbound.allowHosts,
    timeoutMs: config.outbound.timeoutMs,
    maxBytes: config.outbound.maxBytes,
    userAgent: `agentapi/${packageVersion} (+self-hosted Agent Execution API)`,
  });
  const tools = createAgentTools({
    clock: systemClock,
    outbound,
    pageInspector: new HtmlPageInspector(outbound),
    pageReader: new HtmlPageReader(outbound),
    conversations: new KyselyConversationRepository(database.db),
    webSearch: config.webSearch.braveApiKey
      ? new BraveWebSearch({ apiKey: config.webSearch.braveApiKey, baseUrl: config.webSearch.braveBaseUrl, timeoutMs: config.outbound.timeoutMs })
      : undefined,
    slackWebhookUrl: config.slackWebhookUrl,
  });
  checkToolsMatchDescriptors(tools);

  const redis = config.redis.url ? await openRedis(config.redis.url, config.redis.keyPrefix) : undefined;
  const sqlCounters = new SqlUsageCounters(database.db);
  const sqlWindow = new SqlRollingWindow(database.db);
  const quotas = new QuotaService({ counters: redis ? new RedisUsageCounters(redis) : sqlCounters, plans, clock: systemClock });
  const freeTier = new FreeTierService({
    limiter: redis ? new RedisRollingWindow(redis) : sqlWindow,
    clock: systemClock,
    options: config.freeTier,
  });

  const accounts = new AccountService({
    accounts: new KyselyAccountRepository(database.db),
    apiKeys: new KyselyApiKeyRepository(database.db),
    plans,
    clock: systemClock,
    tokenVerifier,
    authCacheSeconds: config.auth.cacheSeconds,
  });
  const runner = new AgentRunner({
    catalog,
    router,
    gateway,
    breaker,
    runs: new BatchingRunRepository(new KyselyRunRepository(database.db)),
    safety,
    tools,
    clock: systemClock,
    options: { upstreamTimeoutMs: config.upstreamTimeoutMs, upstreamDeadlineMs: config.upstreamDeadlineMs },
  });

  return {
    config,
    logger,
    database,
    registry,
    gateway,
    services: { accounts, catalog, playbooks, runner, router, registry, plans, schema: new MigrationSchemaInspector(database), quotas, freeTier },
    httpOptions: { bodyLimitBytes: config.server.bodyLimitBytes, adminToken: config.adminToken, trustProxy: config.trustProxy, version: packageVersion },
    migrate: () => migrateToLatest(database),
    purgeExpiredCounters: async () => (redis ? 0 : (await sqlCounters.purgeExpired(systemClock.now())) + (await sqlWindow.purgeExpired(systemClock.now()))),
    async close() {
      await redis?.quit().catch(() => redis.disconnect());
      await database.close();
    },
  };
}

function loadCatalog(catalogDir: string): AgentCatalog {
  const files = readYamlFolder(join(catalogDir, 'agents'));
  return buildAgentCatalog(
    files.map((file) => ({ origin: file.origin, content: file.content })),
    toolDescriptorMap(),
  );
}
