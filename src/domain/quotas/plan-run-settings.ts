import type { RoutingPolicy } from '../routing/routing-policy.ts';
import type { LayerSettings } from '../safety/policy-precedence.ts';
import type { PlanSurface, PlanTables } from './plan-table.ts';

/** What an account's plan sets for its runs: how models are picked, and the safety layers' modes and thresholds. */
export interface PlanRunSettings {
  /** The routing policy the plan sets, when it sets one (a request may choose its own). */
  planPolicy: RoutingPolicy | undefined;
  /** The plan's `safety` block, when it has one (see SafetyPipeline.policyFor). */
  planSafety: LayerSettings | undefined;
}

/** The settings the account's plan on a surface gives its runs; a plan since removed from the tables is read as the default one. */
export function planRunSettings(account: { apiPlan: string; v1Plan: string }, plans: PlanTables, surface: PlanSurface): PlanRunSettings {
  const { plan } = plans.planOf(account, surface);
  return { planPolicy: plan?.routingPolicy, planSafety: plan?.safety };
}
