import type { Agent } from '../agents/agent.ts';
import type { TaskCategory } from '../agents/agent-definition.ts';
import type { ModelDefinition } from './model-definition.ts';
import { qualityTiers } from './model-definition.ts';
import type { ModelRegistry } from './model-registry.ts';

export interface RoutingDecision {
  category: TaskCategory;
  policy: string;
  /** Models to try, in order. */
  chain: readonly ModelDefinition[];
  reason: string;
}

export const sandboxProvider = 'sandbox';

/**
 * Picks the model for an agent: the best-rated configured model suited to the agent's task category.
 * When no real provider is configured, the sandbox answers, and never otherwise.
 */
export class ModelSelector {
  readonly #registry: ModelRegistry;
  readonly #configuredProviders: ReadonlySet<string>;

  constructor(registry: ModelRegistry, configuredProviders: ReadonlySet<string>) {
    this.#registry = registry;
    this.#configuredProviders = configuredProviders;
  }

  get sandboxOnly(): boolean {
    return ![...this.#configuredProviders].some((provider) => provider !== sandboxProvider);
  }

  select(agent: Agent): RoutingDecision {
    const category = agent.taskCategory;
    if (this.sandboxOnly) {
      const sandbox = this.#registry.list().find((model) => model.provider === sandboxProvider);
      if (!sandbox) throw new Error('The model registry has no sandbox model');
      return { category, policy: 'default', chain: [sandbox], reason: 'no provider is configured: the sandbox answers' };
    }
    const configured = this.#registry
      .list()
      .filter((model) => model.provider !== sandboxProvider && this.#configuredProviders.has(model.provider));
    const suited = configured.filter((model) => model.suitedFor.includes(category));
    const pool = suited.length > 0 ? suited : configured;
    const ranked = [...pool].sort((left, right) => qualityRank(left) - qualityRank(right));
    const chosen = ranked[0];
    if (!chosen) throw new Error('No configured model is in the registry');
    const reason =
      suited.length > 0
        ? `highest-rated configured model suited to ${category} tasks`
        : `no configured model is suited to ${category} tasks; highest-rated configured model`;
    return { category, policy: 'default', chain: [chosen], reason };
  }
}

function qualityRank(model: ModelDefinition): number {
  return qualityTiers.indexOf(model.quality);
}
