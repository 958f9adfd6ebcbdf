import { z } from 'zod';
import { InvalidDataError } from '../invalid-data-error.ts';
import { routingPolicies } from '../routing/routing-policy.ts';
import { layerModesSchema } from '../safety/safety-policy.ts';

const planSchema = z.strictObject({
  name: z.string().min(1),
  /** null when the price is not published (contact sales). */
  priceUsdPerMonth: z.number().min(0).nullable(),
  /** Requests per UTC day; null means unlimited. */
  dailyLimit: z.number().int().positive().nullable(),
  /** How the router picks models for this plan's runs (a request may choose its own). */
  routingPolicy: z.enum(routingPolicies).optional(),
  /** Layer modes and thresholds for the account's runs; the strictest of these and the agent's apply (ADR 0050). */
  safety: layerModesSchema.optional(),
});

const planIdSchema = z.string().regex(/^[a-z][a-z0-9-]*$/, 'plan ids are lowercase');

/** The shape of config/plans.yaml: one table per counted surface. */
export const planTablesSchema = z.strictObject({
  defaultPlans: z.strictObject({ api: planIdSchema, v1: planIdSchema }),
  api: z.record(planIdSchema, planSchema),
  v1: z.record(planIdSchema, planSchema),
});

export type Plan = z.output<typeof planSchema>;
export type PlanSurface = 'api' | 'v1';

export class PlanTables {
  readonly #tables: z.output<typeof planTablesSchema>;

  constructor(tables: z.output<typeof planTablesSchema>) {
    this.#tables = tables;
  }

  defaultPlan(surface: PlanSurface): string {
    return this.#tables.defaultPlans[surface];
  }

  find(surface: PlanSurface, planId: string): Plan | undefined {
    return Object.hasOwn(this.#tables[surface], planId) ? this.#tables[surface][planId] : undefined;
  }

  /** An account's plan on a surface; a plan since removed from the tables falls back to the default one. */
  planOf(account: { apiPlan: string; v1Plan: string }, surface: PlanSurface): { planId: string; plan: Plan | undefined } {
    const planId = surface === 'api' ? account.apiPlan : account.v1Plan;
    return { planId, plan: this.find(surface, planId) ?? this.find(surface, this.defaultPlan(surface)) };
  }

  planIds(surface: PlanSurface): string[] {
    return Object.keys(this.#tables[surface]);
  }
}

/** Validates the plan file's content; every problem is listed. */
export function buildPlanTables(content: unknown, origin: string): PlanTables {
  const parsed = planTablesSchema.safeParse(content);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `${origin}: ${issue.path.join('.')}: ${issue.message}`);
  if (parsed.success) {
    for (const surface of ['api', 'v1'] as const) {
      const planId = parsed.data.defaultPlans[surface];
      if (!Object.hasOwn(parsed.data[surface], planId)) problems.push(`${origin}: defaultPlans.${surface}: "${planId}" is not a ${surface} plan`);
    }
  }
  if (!parsed.success || problems.length > 0) throw new InvalidDataError('The plan tables', problems);
  return new PlanTables(parsed.data);
}
