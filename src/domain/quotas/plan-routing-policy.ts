import type { RoutingPolicy } from '../routing/routing-policy.ts';
import type { PlanSurface, PlanTables } from './plan-table.ts';

/**
 * The routing policy the account's plan on a surface sets for its runs (a request may still choose its own),
 * or undefined when the plan sets none. A plan since removed from the tables is read as the default one.
 */
export function planRoutingPolicy(account: { apiPlan: string; v1Plan: string }, plans: PlanTables, surface: PlanSurface): RoutingPolicy | undefined {
  return plans.planOf(account, surface).plan?.routingPolicy;
}
