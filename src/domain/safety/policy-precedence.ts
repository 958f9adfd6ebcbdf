import type { CriticMode, LayerMode, LayerPolicy, SafetyPolicy, ToolInjectionMode } from './safety-layer.ts';

/** One level's settings for the detecting layers: the service's configuration, a plan, or an agent's catalog file. */
export interface LayerSettings {
  jailbreak?: { mode?: LayerMode | undefined; threshold?: number | undefined } | undefined;
  content?: { mode?: LayerMode | undefined; threshold?: number | undefined } | undefined;
  toolInjection?: ToolInjectionMode | undefined;
  critic?: CriticMode | undefined;
}

/** Where a run's layer settings come from (docs/decisions/0050-safety-policy-modes.md). */
export interface PolicyLevels {
  /** The service-wide default (`SAFETY_*_MODE`, `SAFETY_*_THRESHOLD`): what neither of the others sets. */
  service?: LayerSettings | undefined;
  /** The `safety` block of the caller's plan in config/plans.yaml. */
  plan?: LayerSettings | undefined;
  /** The `safety` block of the agent's catalog file. */
  agent?: LayerSettings | undefined;
}

const modeStrictness: Readonly<Record<LayerMode, number>> = { off: 0, flag: 1, block: 2 };
const injectionStrictness: Readonly<Record<ToolInjectionMode, number>> = { off: 0, flag: 1, strip: 2, block: 3 };
const criticStrictness: Readonly<Record<CriticMode, number>> = { rubric: 0, risk: 1, model: 2 };

/**
 * A run's policy: the agent's PII actions and quality threshold, and for jailbreak, content, fetched text and
 * the critic each setting as the strictest the plan and the agent set (the higher mode, the lower threshold), or, when
 * neither sets it, the service's. Neither the account's plan nor the agent can loosen what the other
 * requires; the service default only fills in, so an operator can run a layer in `flag` everywhere nothing
 * asks for more.
 */
export function runSafetyPolicy(agentPolicy: SafetyPolicy, levels: PolicyLevels): SafetyPolicy {
  const chosen = strictestLayerSettings([levels.plan, levels.agent]);
  const service = levels.service ?? {};
  const jailbreak = layerPolicy(chosen.jailbreak, service.jailbreak);
  const content = layerPolicy(chosen.content, service.content);
  return {
    pii: agentPolicy.pii,
    qualityThreshold: agentPolicy.qualityThreshold,
    toolInjection: chosen.toolInjection ?? service.toolInjection ?? agentPolicy.toolInjection ?? 'strip',
    critic: chosen.critic ?? service.critic ?? agentPolicy.critic ?? 'risk',
    ...(jailbreak ? { jailbreak } : {}),
    ...(content ? { content } : {}),
  };
}

/** Each setting as the strictest of the levels that set it; unset where none does. */
export function strictestLayerSettings(levels: readonly (LayerSettings | undefined)[]): LayerSettings {
  const result: LayerSettings = {};
  for (const level of levels) {
    if (!level) continue;
    for (const layer of ['jailbreak', 'content'] as const) {
      const settings = level[layer];
      if (!settings) continue;
      const current = result[layer] ?? {};
      const mode = stricter(current.mode, settings.mode, modeStrictness);
      const threshold = lowest(current.threshold, settings.threshold);
      result[layer] = { ...(mode ? { mode } : {}), ...(threshold !== undefined ? { threshold } : {}) };
    }
    const toolInjection = stricter(result.toolInjection, level.toolInjection, injectionStrictness);
    if (toolInjection) result.toolInjection = toolInjection;
    const critic = stricter(result.critic, level.critic, criticStrictness);
    if (critic) result.critic = critic;
  }
  return result;
}

/** A layer's policy from the chosen settings, each falling back to the service's; none when nothing is set. */
function layerPolicy(chosen: LayerSettings['jailbreak'], service: LayerSettings['jailbreak']): LayerPolicy | undefined {
  const mode = chosen?.mode ?? service?.mode;
  const threshold = chosen?.threshold ?? service?.threshold;
  if (mode === undefined && threshold === undefined) return undefined;
  return { mode: mode ?? 'block', ...(threshold !== undefined ? { threshold } : {}) };
}

function stricter<Mode extends string>(left: Mode | undefined, right: Mode | undefined, order: Readonly<Record<Mode, number>>): Mode | undefined {
  if (left === undefined) return right;
  if (right === undefined) return left;
  return order[right] > order[left] ? right : left;
}

function lowest(left: number | undefined, right: number | undefined): number | undefined {
  if (left === undefined) return right;
  if (right === undefined) return left;
  return Math.min(left, right);
}
