import type { Account, AccountRepository } from '../../ports/account-repository.ts';
import type { Clock } from '../../ports/clock.ts';
import type { FreeTierService } from '../quotas/free-tier-service.ts';
import type { Plan, PlanSurface, PlanTables } from '../quotas/plan-table.ts';
import { planRoutingPolicy } from '../quotas/plan-routing-policy.ts';
import { planRunSettings, type PlanRunSettings } from '../quotas/plan-run-settings.ts';
import type { QuotaService } from '../quotas/quota-service.ts';
import type { UsageMeter } from '../quotas/usage-meter.ts';
import type { RoutingPolicy } from '../routing/routing-policy.ts';

/** What a run is started under for an authenticated caller on one surface. */
export interface AccountRunContext {
  account: Account;
  surface: PlanSurface;
  /** The account's plan on the surface (the default plan when its own left the tables). */
  planId: string;
  plan: Plan | undefined;
  /** The routing policy the plan sets, when it sets one (a request may choose its own). */
  planPolicy: RoutingPolicy | undefined;
  /** Counts the run against the plan's daily limit. */
  meter: UsageMeter;
  clock: Clock;
}

/** What an anonymous run of the free tier is started under: its client's rolling-window meter. */
export interface AnonymousRunContext {
  surface: 'free';
  /** The client's address key (see http/client-address.ts): who the run belongs to and is counted for. */
  client: string;
  meter: UsageMeter;
  clock: Clock;
}

/**
 * The one place every entry point (the agent routes, triggers, the router's explanation, playbook steps
 * executed later) gets the caller's plan, routing policy and meter from, so none of them rebuilds that rule.
 * Built from the account already authenticated: no database read, except for a step executed later, which
 * only has the account's id.
 */
export class RunContexts {
  readonly #accounts: Pick<AccountRepository, 'findById'>;
  readonly #plans: PlanTables;
  readonly #quotas: Pick<QuotaService, 'meterFor'>;
  readonly #freeTier: Pick<FreeTierService, 'meterFor'>;
  readonly #clock: Clock;

  constructor(dependencies: { accounts: Pick<AccountRepository, 'findById'>; plans: PlanTables; quotas: Pick<QuotaService, 'meterFor'>; freeTier: Pick<FreeTierService, 'meterFor'>; clock: Clock }) {
    this.#accounts = dependencies.accounts;
    this.#plans = dependencies.plans;
    this.#quotas = dependencies.quotas;
    this.#freeTier = dependencies.freeTier;
    this.#clock = dependencies.clock;
  }

  /** The context of an authenticated account's run on a surface. */
  forAccount(account: Account, surface: PlanSurface): AccountRunContext {
    const { planId, plan } = this.#plans.planOf(account, surface);
    return { account, surface, planId, plan, planPolicy: planRoutingPolicy(account, this.#plans, surface), meter: this.meterOf(account, surface), clock: this.#clock };
  }

  /** The context of an anonymous free-tier run, by its client's address key. */
  forAnonymous(client: string): AnonymousRunContext {
    return { surface: 'free', client, meter: this.#freeTier.meterFor(client), clock: this.#clock };
  }

  /** The account's meter alone: for the limit headers of a response whose handler did not reserve (an error, say). */
  meterOf(account: Account, surface: PlanSurface): UsageMeter {
    return this.#quotas.meterFor(account, surface);
  }

  /**
   * The plan's routing policy and safety settings on /api for a run executed later (a playbook step, a
   * triggered agent run), read afresh when the step runs: a plan changed since the run started applies to
   * its remaining steps. An account since removed: neither.
   */
  async planSettingsOf(accountId: string): Promise<PlanRunSettings> {
    const account = await this.#accounts.findById(accountId);
    return account ? planRunSettings(account, this.#plans, 'api') : { planPolicy: undefined, planSafety: undefined };
  }
}
