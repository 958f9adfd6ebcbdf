import type { ModelDefinition } from './model-definition.ts';
import type { TaskProfile } from './task-classifier.ts';

export const routingPolicies = ['quality', 'cost', 'latency', 'balanced'] as const;
export type RoutingPolicy = (typeof routingPolicies)[number];

/** How much each property counts under each policy; every row sums to 1. */
const weights: Record<RoutingPolicy, { quality: number; cost: number; speed: number; fit: number }> = {
  quality: { quality: 0.6, fit: 0.3, speed: 0.05, cost: 0.05 },
  cost: { cost: 0.55, fit: 0.25, quality: 0.15, speed: 0.05 },
  latency: { speed: 0.55, fit: 0.25, quality: 0.15, cost: 0.05 },
  balanced: { quality: 0.35, fit: 0.3, cost: 0.2, speed: 0.15 },
};

const qualityScore = { frontier: 1, high: 0.75, standard: 0.45, basic: 0.2 } as const;
const speedScore = { fast: 1, medium: 0.6, slow: 0.25 } as const;

/** Dollars for a typical call (3 input tokens per output token), per million tokens. */
export function blendedPrice(model: ModelDefinition): number {
  return (3 * model.pricing.inputPerMillionUsd + model.pricing.outputPerMillionUsd) / 4;
}

/** 1 for a free model, falling with the logarithm of the price: $0.10 scores about 0.9, $20 about 0.2. */
function costScore(model: ModelDefinition): number {
  return 1 / (1 + Math.log10(1 + blendedPrice(model) * 10) / 1.5);
}

/** How well a model suits the task: its declared category first, the prompt's signals after. */
function fitScore(model: ModelDefinition, task: TaskProfile): number {
  const declared = model.suitedFor.includes(task.category) ? 0.7 : 0;
  const extra = task.alsoSuits.length === 0 ? 0.3 : (0.3 * task.alsoSuits.filter((category) => model.suitedFor.includes(category)).length) / task.alsoSuits.length;
  return declared + extra;
}

export function scoreModel(model: ModelDefinition, task: TaskProfile, policy: RoutingPolicy): number {
  const weight = weights[policy];
  const score =
    weight.quality * qualityScore[model.quality] + weight.cost * costScore(model) + weight.speed * speedScore[model.speed] + weight.fit * fitScore(model, task);
  return Math.round(score * 1000) / 1000;
}
