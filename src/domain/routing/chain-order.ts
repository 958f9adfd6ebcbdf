import type { ModelDefinition } from './model-definition.ts';
import { policyOrders, type RoutingPolicy } from './routing-policy.ts';
import type { TaskProfile } from './task-classifier.ts';

/**
 * How fully a model covers a task: 2 for the task's category (the agent's, or the one read from the
 * prompt), 1 more when it also suits every category the prompt's signals add (code, maths, another language).
 * Models of a higher rank come first under every policy.
 */
export function capabilityRank(model: ModelDefinition, task: Pick<TaskProfile, 'category' | 'alsoSuits'>): number {
  const category = model.suitedFor.includes(task.category) ? 2 : 0;
  const signals = task.alsoSuits.every((other) => model.suitedFor.includes(other)) ? 1 : 0;
  return category + signals;
}

interface Ranked {
  model: ModelDefinition;
  index: number;
  rank: number;
  keys: readonly number[];
}

/**
 * The models in the order a policy claims: the most capable first; among equally capable ones, by the
 * policy's key (price ascending for `cost`, quality tier descending for `quality`, …), never broken. Models
 * that tie on both alternate providers where they can, so an outage of one provider costs one attempt
 * rather than several in a row; the policy's further keys, then registry order, settle the rest.
 */
export function orderByPolicy(models: readonly ModelDefinition[], task: Pick<TaskProfile, 'category' | 'alsoSuits'>, policy: RoutingPolicy): ModelDefinition[] {
  const order = policyOrders[policy];
  const ranked: Ranked[] = models
    .map((model, index) => ({ model, index, rank: capabilityRank(model, task), keys: order.keys(model) }))
    .sort((left, right) => right.rank - left.rank || compareKeys(left.keys, right.keys) || left.index - right.index);
  const chain: ModelDefinition[] = [];
  for (let start = 0; start < ranked.length; ) {
    let end = start + 1;
    while (end < ranked.length && tiesOnClaim(ranked[start] as Ranked, ranked[end] as Ranked)) end += 1;
    chain.push(...spreadAcrossProviders(ranked.slice(start, end).map((entry) => entry.model), chain.at(-1)?.provider));
    start = end;
  }
  return chain;
}

/** Larger keys first, compared in turn. */
function compareKeys(left: readonly number[], right: readonly number[]): number {
  for (const [position, value] of left.entries()) {
    const difference = (right[position] ?? 0) - value;
    if (difference !== 0) return difference;
  }
  return 0;
}

function tiesOnClaim(left: Ranked, right: Ranked): boolean {
  return left.rank === right.rank && left.keys[0] === right.keys[0];
}

/**
 * Reorders models so that consecutive entries come from different providers where possible (starting
 * after a model of `previous`), otherwise keeping their order.
 */
export function spreadAcrossProviders(models: readonly ModelDefinition[], previous?: string): ModelDefinition[] {
  const remaining = [...models];
  const spread: ModelDefinition[] = [];
  while (remaining.length > 0) {
    const last = spread.at(-1)?.provider ?? previous;
    const index = Math.max(0, remaining.findIndex((model) => model.provider !== last));
    spread.push(...remaining.splice(index, 1));
  }
  return spread;
}
