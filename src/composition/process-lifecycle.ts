import type { Logger } from 'pino';
import { systemClock } from '../adapters/system-clock.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { IdempotencyService } from '../domain/idempotency/idempotency-service.ts';
import { startPlaybookWorker, type PlaybookWorker } from '../workers/playbook-worker.ts';
import { startWebhookWorker, type WebhookWorker } from '../workers/webhook-worker.ts';
import type { Runs } from './build-runs.ts';
import type { Storage } from './build-storage.ts';
import type { Usage } from './build-usage.ts';
import type { Webhooks } from './build-webhooks.ts';

/** The longest a stopping process waits for agent runs in progress to be recorded, whatever the deadlines. */
const maxDrainMs = 30_000;

/** How long a stopping process waits for its agent runs in progress to be recorded: a run's deadline and a margin, at most maxDrainMs. */
export function drainMsOf(config: AppConfig): number {
  return Math.min(config.upstreamDeadlineMs + 2000, maxDrainMs);
}

/** What a process does besides answering requests: its workers, the housekeeping commands, and its orderly stop. */
export interface ProcessLifecycle {
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

export function processLifecycle(
  config: AppConfig,
  logger: Logger,
  parts: { storage: Storage; usage: Usage; webhooks: Webhooks; runs: Runs; idempotency: IdempotencyService },
): ProcessLifecycle {
  const { storage, usage, webhooks, runs } = parts;
  let worker: PlaybookWorker | undefined;
  let webhookWorker: WebhookWorker | undefined;
  return {
    startPlaybookWorker() {
      worker ??= startPlaybookWorker(
        { queue: storage.queue, executor: runs.executor, logger },
        { concurrency: config.playbooks.workerConcurrency, sweepMs: Math.max(500, Math.floor(config.playbooks.leaseMs / 2)) },
      );
      return worker;
    },
    startWebhookWorker() {
      webhookWorker ??= startWebhookWorker({ dispatcher: webhooks.dispatcher, logger }, { pollMs: config.webhooks.pollMs });
      return webhookWorker;
    },
    reclaimExpiredHolds: () => usage.quotas.reclaimExpired(),
    purgeExpiredCounters: async () => {
      const windows = storage.redis ? 0 : await storage.sqlWindow.purgeExpired(systemClock.now());
      const counters = (await storage.quotaLedger.purgeExpired(systemClock.now())) + windows;
      return counters + (await parts.idempotency.purgeExpired());
    },
    async close() {
      // Runs whose callers went away still finish and are recorded before the database closes.
      const drainMs = drainMsOf(config);
      if (!(await runs.runner.whenIdle(drainMs))) logger.warn({ drainMs }, 'agent runs still in progress at shutdown were not recorded');
      await worker?.stop();
      if (!worker) await storage.queue.close();
      await webhookWorker?.stop();
      await storage.events.close();
      const { redis } = storage;
      await redis?.quit().catch(() => redis.disconnect());
      await storage.database.close();
      // Last: the IPC channel no longer keeps a server worker alive.
      storage.cluster?.close();
    },
  };
}
