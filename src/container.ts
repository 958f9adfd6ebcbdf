import { hostname } from 'node:os';
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
import { KyselyPlaybookRunRepository } from './adapters/db/repositories/playbook-run-repository.ts';
import { InMemoryRunEventBus } from './adapters/events/in-memory-run-event-bus.ts';
import { KyselyWebhookSecretRepository } from './adapters/db/repositories/webhook-secret-repository.ts';
import { KyselyIdempotencyStore } from './adapters/db/repositories/idempotency-key-repository.ts';
import { KyselyAnalyticsRepository } from './adapters/db/repositories/analytics-repository.ts';
import { AesGcmSecretCipher } from './adapters/secrets/aes-gcm-secret-cipher.ts';
import { loadSecretKey } from './adapters/secrets/secret-key.ts';
import { WebhookSecretService } from './domain/webhooks/webhook-secret-service.ts';
import { KyselyWebhookDeliveryRepository } from './adapters/db/repositories/webhook-delivery-repository.ts';
import { StandardWebhookSigner } from './adapters/webhooks/standard-webhook-signer.ts';
import { RunCallbacks } from './domain/webhooks/run-callbacks.ts';
import { WebhookDispatcher } from './domain/webhooks/webhook-dispatcher.ts';
import { startWebhookWorker, type WebhookWorker } from './workers/webhook-worker.ts';
import { InProcessPlaybookQueue } from './adapters/queue/in-process-playbook-queue.ts';
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
import { SqlQuotaLedger } from './adapters/db/repositories/sql-quota-ledger.ts';
import { openRedis } from './adapters/redis/open-redis.ts';
import { redisPing } from './adapters/redis/redis-ping.ts';
import { databasePing } from './adapters/db/database-ping.ts';
import { ReadinessProbe } from './domain/operations/readiness-probe.ts';
import { InMemoryCircuitBreaker } from './adapters/routing-state/in-memory-circuit-breaker.ts';
import { PrometheusTelemetry } from './adapters/metrics/prometheus-telemetry.ts';
import { RedisRollingWindow } from './adapters/redis/redis-rolling-window.ts';
import type { AppConfig } from './config/app-config.ts';
import { packageVersion } from './config/load-config.ts';
import { AccountService } from './domain/accounts/account-service.ts';
import { buildAgentCatalog, type AgentCatalog } from './domain/agents/agent-catalog.ts';
import { AgentRunner } from './domain/agents/agent-runner.ts';
import { buildPlaybookCatalog } from './domain/playbooks/playbook-catalog.ts';
import { PlaybookRunFollower } from './domain/playbooks/playbook-run-follower.ts';
import { PlaybookService } from './domain/playbooks/playbook-service.ts';
import { PlaybookStepExecutor } from './domain/playbooks/playbook-step-executor.ts';
import { RunLauncher } from './domain/playbooks/run-launcher.ts';
import { BackgroundAgentRuns } from './domain/runs/background-agent-runs.ts';
import { RunDirectory } from './domain/runs/run-directory.ts';
import { StoredText } from './domain/runs/stored-text.ts';
import { SignedTriggerVerifier } from './domain/webhooks/signed-trigger-verifier.ts';
import { randomString } from './domain/ids.ts';
import { IdempotencyService } from './domain/idempotency/idempotency-service.ts';
import { AnalyticsService } from './domain/analytics/analytics-service.ts';
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
import { startPlaybookWorker, type PlaybookWorker } from './workers/playbook-worker.ts';
import type { PlaybookQueue } from './ports/playbook-queue.ts';
import type { RunEventBus } from './ports/run-event-bus.ts';

/** How long a stopping process waits for agent runs in progress to be recorded. */
const maxDrainMs = 30_000;

export interface Container {
  config: AppConfig;
  logger: Logger;
  database: Database;
  services: HttpServices;
  httpOptions: HttpOptions;
  registry: ModelRegistry;
  gateway: ModelGateway;
  migrate(): Promise<MigrationReport>;
  /** Starts executing playbook steps in this process (stopped by close()). */
  startPlaybookWorker(): PlaybookWorker;
  /** Starts sending due webhook deliveries from this process (stopped by close()). */
  startWebhookWorker(): WebhookWorker;
  /** Housekeeping for quota counters of days that have ended, database-held windows that have ended (Redis expires its own), and expired idempotency keys. */
  purgeExpiredCounters(): Promise<number>;
  /** Gives back the quota holds of processes that died before recording their work; returns how many. */
  reclaimExpiredHolds(): Promise<number>;
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

  // A pooled connection that drops with no statement waiting is replaced by the pool: worth a line, not a crash.
  const database = await openDatabase(config.database.url, { onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost'), preparedStatements: config.database.preparedStatements });
  const gateway = await AiSdkModelGateway.create(config.providers, providerAdapters);
  const breaker = new InMemoryCircuitBreaker(config.circuitBreaker);
  const router = new ModelRouter(registry, gateway.configuredProviders(), breaker);
  // This process's counters, served by GET /metrics; the breaker is read for the models runs can go to.
  const telemetry = new PrometheusTelemetry({ breaker, modelIds: router.routableModels().map((model) => model.id) });
  const modelHelp = { gateway, breaker, timeoutMs: config.safety.modelTimeoutMs };
  const safety = createSafetyPipeline(safetyModels, {
    ...(config.safety.judge === 'model' ? { judge: new ModelJailbreakJudge({ ...modelHelp, router }) } : {}),
    ...(config.safety.critic === 'model' ? { critic: new ModelCritic(modelHelp) } : {}),
    ...(config.safety.moderation === 'openai' && config.providers.openai.apiKey
      ? { moderator: new OpenAiModerator({ baseUrl: config.providers.openai.baseUrl, apiKey: config.providers.openai.apiKey, timeoutMs: config.safety.modelTimeoutMs }) }
      : {}),
  }, { maxScreenedCharacters: config.safety.maxScreenedCharacters });
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
  // In the database even with Redis: a counter is settled in the transaction that records the work it counts.
  const quotaLedger = new SqlQuotaLedger(database.db, database.dialect);
  const sqlWindow = new SqlRollingWindow(database.db);
  const quotas = new QuotaService({ ledger: quotaLedger, plans, clock: systemClock, holdMs: config.quotaHoldMs, telemetry });
  const freeTier = new FreeTierService({
    limiter: redis ? new RedisRollingWindow(redis) : sqlWindow,
    clock: systemClock,
    options: config.freeTier,
    telemetry,
  });

  const accounts = new AccountService({
    accounts: new KyselyAccountRepository(database.db),
    apiKeys: new KyselyApiKeyRepository(database.db),
    plans,
    clock: systemClock,
    tokenVerifier,
    authCacheSeconds: config.auth.cacheSeconds,
  });
  const runLog = new BatchingRunRepository(new KyselyRunRepository(database.db, database.dialect));
  const runner = new AgentRunner({
    catalog,
    router,
    gateway,
    breaker,
    runs: runLog,
    recordability: database.availability,
    safety,
    tools,
    clock: systemClock,
    options: { upstreamTimeoutMs: config.upstreamTimeoutMs, upstreamDeadlineMs: config.upstreamDeadlineMs },
    telemetry,
  });

  const webhookSecrets = new WebhookSecretService({
    secrets: new KyselyWebhookSecretRepository(database.db),
    cipher: new AesGcmSecretCipher(loadSecretKey(config.webhookSecretKey)),
    accounts: new KyselyAccountRepository(database.db),
    clock: systemClock,
  });
  const webhookSigner = new StandardWebhookSigner();
  const processOwner = `${hostname()}:${process.pid}:${randomString(6)}`;
  const webhookDeliveries = new WebhookDispatcher({
    deliveries: new KyselyWebhookDeliveryRepository(database.db),
    http: outbound,
    signer: webhookSigner,
    secretOf: (accountId) => webhookSecrets.secretOf(accountId),
    clock: systemClock,
    options: {
      owner: processOwner,
      retryScheduleSeconds: config.webhooks.retryScheduleSeconds,
      leaseMs: config.webhooks.leaseMs,
      timeoutMs: config.webhooks.timeoutMs,
      userAgent: `agentapi-webhooks/${packageVersion}`,
    },
    onAttempt: (delivery, attempt) => {
      if (attempt.outcome !== 'delivered') logger.warn({ deliveryId: delivery.id, accountId: delivery.accountId, attempt: attempt.attempt, outcome: attempt.outcome, error: attempt.error }, 'webhook delivery attempt did not succeed');
    },
  });
  const callbacks = new RunCallbacks({ secretOf: (accountId) => webhookSecrets.secretOf(accountId) });
  const playbookRuns = new KyselyPlaybookRunRepository(database.db);
  const { queue: playbookQueue, events: runEvents } = await openPlaybookTransport(config, logger);
  const accountRepository = new KyselyAccountRepository(database.db);
  const executor = new PlaybookStepExecutor({
    playbooks,
    runs: playbookRuns,
    runner,
    queue: playbookQueue,
    events: runEvents,
    planPolicyOf: async (accountId) => {
      const account = await accountRepository.findById(accountId);
      return account && plans.planOf(account, 'api').plan?.routingPolicy;
    },
    clock: systemClock,
    options: { owner: processOwner, leaseMs: config.playbooks.leaseMs, accountConcurrency: config.playbooks.accountConcurrency },
    callback: (run) => {
      const message = callbacks.messageFor(run);
      return message && webhookDeliveries.prepare(message);
    },
    onError: (error, nudge) => logger.error({ err: error, runId: nudge.runId, stepIndex: nudge.stepIndex }, 'playbook step could not be handled'),
  });
  const launcher = new RunLauncher({ runs: playbookRuns, queue: playbookQueue, quotas, clock: systemClock, checkCallback: (accountId, url) => callbacks.check(accountId, url) });
  const storedText = new StoredText(safety);
  const playbookService = new PlaybookService({ playbooks, agents: catalog, runs: playbookRuns, queue: playbookQueue, events: runEvents, quotas, executor, clock: systemClock, launcher, storedText });
  const triggerVerifier = new SignedTriggerVerifier({ accounts: accountRepository, secretOf: (accountId) => webhookSecrets.secretOf(accountId), signer: webhookSigner, clock: systemClock });
  const follower = new PlaybookRunFollower({ runs: playbookRuns, events: runEvents, pollMs: 1000, limits: config.playbooks.followers });
  // In the database even with Redis: every process shares it, and a replayed response must outlive restarts.
  const idempotency = new IdempotencyService({
    store: new KyselyIdempotencyStore(database.db),
    clock: systemClock,
    options: { ttlMs: 24 * 3_600_000, inFlightTimeoutMs: 10 * 60_000 },
    storedText,
  });
  const schema = new MigrationSchemaInspector(database);
  let worker: PlaybookWorker | undefined;
  let webhookWorker: WebhookWorker | undefined;

  return {
    config,
    logger,
    database,
    registry,
    gateway,
    services: {
      accounts,
      catalog,
      playbooks,
      playbookRuns: playbookService,
      playbookFollower: follower,
      backgroundRuns: new BackgroundAgentRuns({ runner, launcher, storedText }),
      runs: new RunDirectory({ durableRuns: playbookRuns, loggedRuns: runLog, clock: systemClock }),
      triggerVerifier,
      runner,
      router,
      registry,
      plans,
      schema,
      readiness: new ReadinessProbe({ schema, pings: [databasePing(database), ...(redis ? [redisPing(redis)] : [])], options: { timeoutMs: 1000, cacheMs: 1000 } }),
      quotas,
      freeTier,
      webhookSecrets,
      webhookDeliveries,
      idempotency,
      analytics: new AnalyticsService({ analytics: new KyselyAnalyticsRepository(database.db), clock: systemClock }),
      telemetry,
      metrics: telemetry,
    },
    httpOptions: {
      bodyLimitBytes: config.server.bodyLimitBytes,
      adminToken: config.adminToken,
      metricsToken: config.metricsToken,
      trustProxy: config.trustProxy,
      version: packageVersion,
      playbookSyncWaitMs: config.playbooks.syncWaitMs,
      sseKeepAliveMs: 15_000,
    },
    migrate: () => migrateToLatest(database),
    startPlaybookWorker() {
      worker ??= startPlaybookWorker(
        { queue: playbookQueue, executor, logger },
        { concurrency: config.playbooks.workerConcurrency, sweepMs: Math.max(500, Math.floor(config.playbooks.leaseMs / 2)) },
      );
      return worker;
    },
    startWebhookWorker() {
      webhookWorker ??= startWebhookWorker({ dispatcher: webhookDeliveries, logger }, { pollMs: config.webhooks.pollMs });
      return webhookWorker;
    },
    reclaimExpiredHolds: () => quotas.reclaimExpired(),
    purgeExpiredCounters: async () => {
      const windows = redis ? 0 : await sqlWindow.purgeExpired(systemClock.now());
      const counters = (await quotaLedger.purgeExpired(systemClock.now())) + windows;
      return counters + (await idempotency.purgeExpired());
    },
    async close() {
      // Runs whose callers went away still finish and are recorded before the database closes.
      const drainMs = Math.min(config.upstreamDeadlineMs + 2000, maxDrainMs);
      if (!(await runner.whenIdle(drainMs))) logger.warn({ drainMs }, 'agent runs still in progress at shutdown were not recorded');
      await worker?.stop();
      if (!worker) await playbookQueue.close();
      await webhookWorker?.stop();
      await runEvents.close();
      await redis?.quit().catch(() => redis.disconnect());
      await database.close();
    },
  };
}

/** Steps and progress signals: in this process by default, through Redis (BullMQ, pub/sub) when it is configured. */
async function openPlaybookTransport(config: AppConfig, logger: Logger): Promise<{ queue: PlaybookQueue; events: RunEventBus }> {
  const onError = (error: unknown) => logger.error({ err: error }, 'playbook queue error');
  if (!config.redis.url) return { queue: new InProcessPlaybookQueue({ onError }), events: new InMemoryRunEventBus() };
  // Loaded only when Redis is configured.
  const [{ BullMqPlaybookQueue }, { RedisRunEventBus }] = await Promise.all([import('./adapters/queue/bullmq-playbook-queue.ts'), import('./adapters/redis/redis-run-event-bus.ts')]);
  return {
    queue: new BullMqPlaybookQueue({ url: config.redis.url, prefix: config.redis.keyPrefix, lockDurationMs: config.playbooks.leaseMs, onError }),
    events: await RedisRunEventBus.create({ url: config.redis.url, prefix: config.redis.keyPrefix }),
  };
}

function loadCatalog(catalogDir: string): AgentCatalog {
  const files = readYamlFolder(join(catalogDir, 'agents'));
  return buildAgentCatalog(
    files.map((file) => ({ origin: file.origin, content: file.content })),
    toolDescriptorMap(),
  );
}
