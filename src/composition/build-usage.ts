import { RedisRollingWindow } from '../adapters/redis/redis-rolling-window.ts';
import { systemClock } from '../adapters/system-clock.ts';
import type { AppConfig } from '../config/app-config.ts';
import { FreeTierService } from '../domain/quotas/free-tier-service.ts';
import { QuotaService } from '../domain/quotas/quota-service.ts';
import { RunContexts } from '../domain/runs/run-context.ts';
import type { Telemetry } from '../ports/telemetry.ts';
import type { Storage } from './build-storage.ts';
import type { Catalogs } from './load-catalogs.ts';

/** What runs are counted against: plans' daily quotas, the free tier's rolling window, and the context every run starts under. */
export interface Usage {
  quotas: QuotaService;
  freeTier: FreeTierService;
  runContexts: RunContexts;
}

export function buildUsage(config: AppConfig, catalogs: Pick<Catalogs, 'plans'>, storage: Storage, telemetry: Telemetry): Usage {
  const quotas = new QuotaService({ ledger: storage.quotaLedger, plans: catalogs.plans, clock: systemClock, holdMs: config.quotaHoldMs, telemetry });
  const freeTier = new FreeTierService({
    limiter: storage.redis ? new RedisRollingWindow(storage.redis) : storage.sqlWindow,
    clock: systemClock,
    options: config.freeTier,
    telemetry,
  });
  const runContexts = new RunContexts({ accounts: storage.accounts, plans: catalogs.plans, quotas, freeTier, clock: systemClock });
  return { quotas, freeTier, runContexts };
}
