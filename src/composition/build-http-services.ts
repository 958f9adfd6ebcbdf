import { JwksTokenVerifier } from '../adapters/auth/jwks-token-verifier.ts';
import { KyselyAnalyticsRepository } from '../adapters/db/repositories/analytics-repository.ts';
import { KyselyApiKeyRepository } from '../adapters/db/repositories/api-key-repository.ts';
import { KyselyIdempotencyStore } from '../adapters/db/repositories/idempotency-key-repository.ts';
import { databasePing } from '../adapters/db/database-ping.ts';
import { redisPing } from '../adapters/redis/redis-ping.ts';
import { systemClock } from '../adapters/system-clock.ts';
import { loadSecretKey } from '../adapters/secrets/secret-key.ts';
import type { AppConfig } from '../config/app-config.ts';
import { packageVersion } from '../config/load-config.ts';
import { AccountService } from '../domain/accounts/account-service.ts';
import { AnalyticsService } from '../domain/analytics/analytics-service.ts';
import { IdempotencyService } from '../domain/idempotency/idempotency-service.ts';
import { ReadinessProbe } from '../domain/operations/readiness-probe.ts';
import type { HttpOptions, HttpServices } from '../http/http-services.ts';
import type { Providers } from './build-providers.ts';
import type { Runs } from './build-runs.ts';
import type { Storage } from './build-storage.ts';
import type { Usage } from './build-usage.ts';
import type { Webhooks } from './build-webhooks.ts';
import type { Catalogs } from './load-catalogs.ts';

/** The services the routes call, and the services only they use (accounts, idempotency, analytics, readiness). */
export function buildHttpServices(
  config: AppConfig,
  parts: { catalogs: Catalogs; storage: Storage; providers: Providers; usage: Usage; webhooks: Webhooks; runs: Runs },
): HttpServices {
  const { catalogs, storage, providers, usage, webhooks, runs } = parts;
  const { database, redis, schema } = storage;
  return {
    accounts: new AccountService({
      accounts: storage.accounts,
      apiKeys: new KyselyApiKeyRepository(database.db),
      plans: catalogs.plans,
      clock: systemClock,
      // Only when JWKS_URL is set: bearer JWTs are then accepted beside API keys.
      tokenVerifier: config.auth.jwksUrl ? new JwksTokenVerifier({ jwksUrl: config.auth.jwksUrl, issuer: config.auth.issuer, audience: config.auth.audience }) : undefined,
      authCacheSeconds: config.auth.cacheSeconds,
    }),
    catalog: catalogs.agents,
    playbooks: catalogs.playbooks,
    playbookRuns: runs.playbookRuns,
    playbookFollower: runs.follower,
    signals: storage.events,
    backgroundRuns: runs.backgroundRuns,
    runs: runs.directory,
    triggerVerifier: webhooks.triggerVerifier,
    runner: runs.runner,
    embeddings: runs.embeddings,
    runContexts: usage.runContexts,
    router: providers.router,
    registry: catalogs.registry,
    schema,
    readiness: new ReadinessProbe({ schema, pings: [databasePing(database), ...(redis ? [redisPing(redis)] : [])], options: { timeoutMs: 1000, cacheMs: 1000 } }),
    webhookSecrets: webhooks.secrets,
    webhookDeliveries: webhooks.dispatcher,
    // In the database even with Redis: every process shares it, and a replayed response must outlive restarts.
    idempotency: new IdempotencyService({
      store: new KyselyIdempotencyStore(database.db),
      clock: systemClock,
      options: { ttlMs: 24 * 3_600_000, inFlightTimeoutMs: 10 * 60_000 },
      storedText: runs.storedText,
    }),
    analytics: new AnalyticsService({ analytics: new KyselyAnalyticsRepository(database.db), clock: systemClock }),
    telemetry: providers.telemetry,
  };
}

/** The HTTP layer's settings from the configuration. */
export function httpOptionsOf(config: AppConfig): HttpOptions {
  return {
    bodyLimitBytes: config.server.bodyLimitBytes,
    adminToken: config.adminToken,
    metricsToken: config.metricsToken,
    trustProxy: config.trustProxy,
    version: packageVersion,
    playbookSyncWaitMs: config.playbooks.syncWaitMs,
    sseKeepAliveMs: 15_000,
    mcpSessions: config.mcpSessions,
    mcpSessionKey: loadSecretKey(config.webhookSecretKey),
    consoleDir: config.paths.consoleDir,
  };
}
