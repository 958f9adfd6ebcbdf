import { qualityTiers, speedTiers, type ModelDefinition } from './model-definition.ts';

export const routingPolicies = ['quality', 'cost', 'latency', 'balanced'] as const;
export type RoutingPolicy = (typeof routingPolicies)[number];

/** Dollars for a typical call (3 input tokens per output token), per million tokens. */
export function blendedPrice(model: ModelDefinition): number {
  return (3 * model.pricing.inputPerMillionUsd + model.pricing.outputPerMillionUsd) / 4;
}

/** The registry's quality tier as a rank: frontier 4, high 3, standard 2, basic 1. */
export function qualityRank(model: ModelDefinition): number {
  return qualityTiers.length - qualityTiers.indexOf(model.quality);
}

/** The registry's speed tier as a rank: fast 3, medium 2, slow 1. */
export function speedRank(model: ModelDefinition): number {
  return speedTiers.length - speedTiers.indexOf(model.speed);
}

/** 1 for a free model, falling with the logarithm of the price: $0.10 scores about 0.83, $3.44 about 0.49, $30 about 0.38. */
function costScore(model: ModelDefinition): number {
  return 1 / (1 + Math.log10(1 + blendedPrice(model) * 10) / 1.5);
}

const qualityScore = { frontier: 1, high: 0.75, standard: 0.45, basic: 0.2 } as const;
const speedScore = { fast: 1, medium: 0.6, slow: 0.25 } as const;

/** The `balanced` policy's blend, 0-1: half quality tier, 30% price (log scale), 20% speed tier. */
export function balancedScore(model: ModelDefinition): number {
  const score = 0.5 * qualityScore[model.quality] + 0.3 * costScore(model) + 0.2 * speedScore[model.speed];
  return Math.round(score * 1000) / 1000;
}

export interface PolicyOrder {
  /** What the policy puts first, in words, for the routing reason. */
  claim: string;
  /**
   * The keys a model is ranked by, larger first, compared in turn. The first is the one the policy claims
   * to order by and is never broken; the others only order models that tie on it.
   */
  keys: (model: ModelDefinition) => readonly number[];
}

/** What each policy orders the chain by. */
export const policyOrders: Readonly<Record<RoutingPolicy, PolicyOrder>> = {
  cost: { claim: 'cheapest first', keys: (model) => [-blendedPrice(model), qualityRank(model), speedRank(model)] },
  quality: { claim: 'highest quality tier first', keys: (model) => [qualityRank(model), -blendedPrice(model), speedRank(model)] },
  latency: { claim: 'fastest tier first', keys: (model) => [speedRank(model), qualityRank(model), -blendedPrice(model)] },
  balanced: { claim: 'best blend of quality, price and speed first', keys: (model) => [balancedScore(model), qualityRank(model), -blendedPrice(model)] },
};
