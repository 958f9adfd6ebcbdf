import { closestIds } from '../search/fuzzy-match.ts';
import type { CircuitBreaker, CircuitState } from '../../ports/circuit-breaker.ts';
import type { TaskCategory } from '../agents/agent-definition.ts';
import { AppError, invalidRequest } from '../errors.ts';
import type { ModelDefinition } from './model-definition.ts';
import type { ModelRegistry } from './model-registry.ts';
import { capabilityRank, orderByPolicy } from './chain-order.ts';
import { blendedPrice, policyOrders, type RoutingPolicy } from './routing-policy.ts';
import { classifyTask, type TaskProfile } from './task-classifier.ts';

export const sandboxProvider = 'sandbox';
/** The chosen model and up to ten fallbacks. */
export const maxChainLength = 11;
/** Room kept in the context window for the answer. */
const outputReserveTokens = 2048;

export interface RouteRequest {
  category: TaskCategory;
  /** The task text the model will see. */
  prompt: string;
  /** Characters the model sees besides the prompt (instructions, schema). */
  overheadCharacters?: number;
  /** Chosen by the request; overrides the plan's. */
  policy?: RoutingPolicy | undefined;
  /** The caller's plan's policy, when it sets one. */
  planPolicy?: RoutingPolicy | undefined;
  /** A registry id the request insists on. */
  pinnedModel?: string | undefined;
  /** With a pinned model: fall back to the policy's chain if it fails (default: no fallback). */
  fallback?: boolean | undefined;
}

export interface RoutingDecision {
  category: TaskCategory;
  policy: RoutingPolicy;
  /** Models to try, in order. */
  chain: readonly ModelDefinition[];
  reason: string;
  signals: TaskProfile['signals'];
  estimatedInputTokens: number;
  /** Configured models left out, and why. */
  excluded: { model: string; reason: 'circuit_open' | 'context_too_small' }[];
}

/** What a routing decision shares with every other of the same key. */
interface CachedRoute {
  chain: readonly ModelDefinition[];
  reason: string;
}

/** Distinct routes kept; past it the cache starts again (a few hundred keys cover every agent and policy). */
const maxCachedRoutes = 1000;

/**
 * Everything a chain and its reason depend on: the task's category and signals, the policy, a pinned model and
 * its fallback, the candidates (the models that fit the task and are healthy, by id) and whether every
 * circuit was open. The prompt's length matters only through which models it fits.
 */
function routeKey(task: TaskProfile, policy: RoutingPolicy, pinned: string | undefined, fallback: boolean, candidates: readonly ModelDefinition[], allOpen: boolean): string {
  const { code, math, nonEnglish, longInput } = task.signals;
  let key = `${policy}|${task.category}|${code ? 1 : 0}${math ? 1 : 0}${nonEnglish ? 1 : 0}${longInput ? 1 : 0}|${task.alsoSuits.join(',')}|${pinned ?? ''}|${fallback ? 1 : 0}|${allOpen ? 1 : 0}|`;
  for (const model of candidates) key += `${model.id} `;
  return key;
}

export type ModelStatus = 'available' | 'unconfigured' | 'circuit_open';

/**
 * The smart router: classifies the task, and orders every configured, healthy model that can take it as
 * the chosen policy claims (see orderByPolicy) into a failover chain of up to eleven distinct models.
 * When no real provider is configured, the sandbox answers, and never otherwise.
 */
export class ModelRouter {
  readonly #registry: ModelRegistry;
  readonly #configured: ReadonlySet<string>;
  readonly #breaker: CircuitBreaker;
  /** Chains and reasons by everything they depend on (see routeKey): routing recomputed only when that changes. */
  readonly #routes = new Map<string, CachedRoute>();
  #structured: readonly ModelDefinition[] | undefined;

  constructor(registry: ModelRegistry, configuredProviders: ReadonlySet<string>, breaker: CircuitBreaker) {
    this.#registry = registry;
    this.#configured = configuredProviders;
    this.#breaker = breaker;
  }

  get sandboxOnly(): boolean {
    return ![...this.#configured].some((provider) => provider !== sandboxProvider);
  }

  status(model: ModelDefinition): ModelStatus {
    if (!this.#isUsable(model)) return 'unconfigured';
    return this.#breaker.state(model.id) === 'open' ? 'circuit_open' : 'available';
  }

  /** The models runs can go to: those of the configured providers, or the sandbox alone when none is configured. */
  routableModels(): ModelDefinition[] {
    return this.#registry.list().filter((model) => (this.sandboxOnly ? model.provider === sandboxProvider : this.#isUsable(model)));
  }

  breakerState(model: ModelDefinition): CircuitState {
    return this.#breaker.state(model.id);
  }

  route(request: RouteRequest): RoutingDecision {
    const task = classifyTask(request.category, request.prompt, request.overheadCharacters ?? 0);
    const policy = request.policy ?? request.planPolicy ?? 'balanced';
    const base = { category: task.category, policy, signals: task.signals, estimatedInputTokens: task.estimatedInputTokens };

    if (this.sandboxOnly) {
      // A pinned id must still be one the registry knows: the sandbox stands in for a known model only.
      if (request.pinnedModel !== undefined) this.#known(request.pinnedModel);
      const sandbox = this.#registry.list().find((model) => model.provider === sandboxProvider);
      if (!sandbox) throw new Error('The model registry has no sandbox model');
      const standIn = request.pinnedModel === undefined ? '' : ` in place of the pinned ${request.pinnedModel}`;
      return { ...base, chain: [sandbox], excluded: [], reason: `no provider is configured: the sandbox answers${standIn}` };
    }

    const pinned = request.pinnedModel === undefined ? undefined : this.#pinned(request.pinnedModel);
    const configured = this.#structuredModels();
    const needed = task.estimatedInputTokens + outputReserveTokens;
    const excluded: RoutingDecision['excluded'] = [];
    const fits = configured.filter((model) => {
      if (model.contextWindow >= needed) return true;
      excluded.push({ model: model.id, reason: 'context_too_small' });
      return false;
    });
    if (fits.length === 0 && !pinned) {
      const largest = Math.max(...configured.map((model) => model.contextWindow));
      throw invalidRequest([{ path: 'prompt', message: `the task is about ${task.estimatedInputTokens} tokens; the largest configured model takes ${largest}` }]);
    }
    const healthy = fits.filter((model) => {
      if (this.#breaker.state(model.id) !== 'open') return true;
      excluded.push({ model: model.id, reason: 'circuit_open' });
      return false;
    });
    // Every candidate failing recently is no reason to refuse: try them anyway, in the policy's order.
    const candidates = healthy.length > 0 ? healthy : fits;
    const key = routeKey(task, policy, pinned?.id, request.fallback === true, candidates, healthy.length === 0);
    let route = this.#routes.get(key);
    if (!route) {
      route = this.#order(task, policy, pinned, request.fallback === true, candidates, healthy.length === 0);
      if (this.#routes.size >= maxCachedRoutes) this.#routes.clear();
      this.#routes.set(key, route);
    }
    return { ...base, chain: route.chain, excluded, reason: route.reason };
  }

  /**
   * The chain and its reason, which depend only on what routeKey holds: computed once per such key. A
   * decision's chain is never changed by its users (it is read-only), so decisions may share one.
   */
  #order(task: TaskProfile, policy: RoutingPolicy, pinned: ModelDefinition | undefined, fallback: boolean, candidates: readonly ModelDefinition[], allOpen: boolean): CachedRoute {
    const ordered = orderByPolicy(candidates, task, policy);
    if (pinned) {
      const fallbacks = fallback ? ordered.filter((model) => model.id !== pinned.id) : [];
      return {
        chain: [pinned, ...fallbacks].slice(0, maxChainLength),
        reason: `model ${pinned.id} pinned by the request${fallback ? `, then the ${policy} policy's fallbacks` : ', without fallbacks'}`,
      };
    }

    const chain = ordered.slice(0, maxChainLength);
    const top = chain[0] as ModelDefinition;
    const capable = candidates.filter((model) => capabilityRank(model, task) === capabilityRank(top, task)).length;
    const providers = new Set(chain.map((model) => model.provider)).size;
    const signalWords = Object.entries(task.signals)
      .filter(([, present]) => present)
      .map(([name]) => name);
    const reason =
      `${policy} policy for a ${task.category} task${signalWords.length > 0 ? ` (${signalWords.join(', ')})` : ''}: ` +
      `${policyOrders[policy].claim} among the ${capable} models best suited to it, ` +
      `${top.id} (${top.quality} quality, ${top.speed}, $${blendedPrice(top).toFixed(2)}/M tokens)` +
      `${chain.length > 1 ? `; ${chain.length - 1} fallbacks across ${providers} providers` : ''}` +
      `${allOpen ? '; every candidate had an open circuit, so all are tried' : ''}`;
    return { chain, reason };
  }

  /** The configured models that answer in a schema, in registry order: fixed for the router's life. */
  #structuredModels(): readonly ModelDefinition[] {
    this.#structured ??= this.#registry.list().filter((model) => this.#isUsable(model) && model.capabilities.includes('structured_output'));
    return this.#structured;
  }

  #isUsable(model: ModelDefinition): boolean {
    return model.provider !== sandboxProvider && this.#configured.has(model.provider);
  }

  /** The model an id names, or 400 `invalid_request` with every known id (`available`) and the closest (`suggestions`). */
  #known(id: string): ModelDefinition {
    const model = this.#registry.find(id);
    if (model) return model;
    const available = this.#registry.list().map((known) => known.id);
    const suggestions = closestIds(id, available);
    const closest = suggestions.length > 0 ? ` (did you mean ${suggestions.map((known) => `"${known}"`).join(', ')}?)` : '';
    const refusal = invalidRequest([{ path: 'model', message: `unknown model "${id}"${closest}; details.available lists the ${available.length} known ones, as does GET /api/models` }]);
    throw new AppError(refusal.code, refusal.message, { ...refusal.details, available, suggestions });
  }

  #pinned(id: string): ModelDefinition {
    const model = this.#known(id);
    if (!this.#isUsable(model)) throw invalidRequest([{ path: 'model', message: `model "${id}" is not available: its provider (${model.provider}) is not configured` }]);
    return model;
  }
}
