import type { Agent } from '../agents/agent.ts';
import { safetyBlocked } from '../agents/safety-refusals.ts';
import type { LayerSettings } from '../safety/policy-precedence.ts';
import type { SafetyPolicy } from '../safety/safety-layer.ts';
import { defaultSafetyPolicy, strictestPolicy } from '../safety/safety-policy.ts';
import type { SafetyPipeline } from '../safety/safety-pipeline.ts';
import { maxScannedDepth } from '../safety/text/request-strings.ts';

/** What stands in for a value nested deeper than the PII layer reads: it was never screened, so it is not kept. */
export const tooDeep = '[not stored: nested too deep]';

/**
 * What the service stores to run later (a trigger's body, a playbook's inputs) is screened as its runs will
 * screen it, before anything is stored or counted: text a run would refuse (a jailbreak, harmful content, PII
 * its agent blocks) is refused at once with the same 422. What is stored holds PII as the models will see
 * it: the PII layer's placeholders (`[CARD_1]`) wherever the policy redacts, never the values. See
 * docs/decisions/0042-stored-run-data.md.
 */
export class StoredText {
  readonly #safety: Pick<SafetyPipeline, 'screenInput' | 'screenPii' | 'checkInputSize' | 'policyFor'>;

  constructor(safety: Pick<SafetyPipeline, 'screenInput' | 'screenPii' | 'checkInputSize' | 'policyFor'>) {
    this.#safety = safety;
  }

  /** 413 `payload_too_large` when the strings of the value are together longer than the safety layers read. */
  checkSize(value: unknown, keep: ReadonlySet<string> = new Set()): void {
    this.#safety.checkInputSize(value, keep);
  }

  /** The policy a run of the agent will be screened under: the agent's, with its plan's and the service's layer modes. */
  runPolicy(agent: Pick<Agent, 'safetyPolicy' | 'safety'>, plan: LayerSettings | undefined): SafetyPolicy {
    return this.#safety.policyFor(agent, plan);
  }

  /**
   * Every string of the value but the keys in `keep`, screened by the input layers (jailbreak, PII, content)
   * under each policy of the runs that will read it: one that refuses it refuses it now with 422
   * `safety_blocked` (nothing is stored). The value comes back with PII as the strictest policy treats it.
   */
  async forLater<Value>(value: Value, policies: readonly SafetyPolicy[], keep: ReadonlySet<string> = new Set()): Promise<Value> {
    const bounded = withinScannedDepth(value);
    const readers = policies.length === 0 ? [defaultSafetyPolicy] : distinct(policies);
    let screened = bounded;
    for (const policy of readers) {
      const screening = await this.#safety.screenInput(bounded, policy, keep);
      if (screening.blocked) throw safetyBlocked(screening.blocked, screening.reports);
      screened = screening.value;
    }
    if (readers.length === 1) return screened;
    // Several runs read it: each PII type is stored as the strictest of them treats it.
    const stored = await this.#safety.screenPii(bounded, strictestPolicy(readers), 'input', keep);
    if (stored.blocked) throw safetyBlocked(stored.blocked, stored.reports);
    return stored.value;
  }

  /**
   * A refusal's JSON body as it may be kept (to replay it for an Idempotency-Key): a refusal can echo the
   * request (an agent id, a field), so every string gets the default policy's placeholders, redacting and
   * never refusing. A body that is not JSON is no refusal of ours and is kept as it is.
   */
  async refusalForLater(body: string): Promise<string> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return body;
    }
    const value = withinScannedDepth(parsed);
    const screening = await this.#safety.screenPii(value, defaultSafetyPolicy, 'output');
    return screening.value === value ? body : JSON.stringify(screening.value);
  }
}

/** A copy of the value with anything nested deeper than the PII layer reads replaced by `tooDeep`. */
function withinScannedDepth<Value>(value: Value): Value {
  const prune = (current: unknown, depth: number): unknown => {
    if (current === null || typeof current !== 'object') return current;
    if (depth >= maxScannedDepth) return tooDeep;
    if (Array.isArray(current)) return current.map((item) => prune(item, depth + 1));
    return Object.fromEntries(Object.entries(current).map(([key, inner]) => [key, prune(inner, depth + 1)]));
  };
  return prune(value, 0) as Value;
}

/** The policies once each: runs of agents with the same policy screen alike. */
function distinct(policies: readonly SafetyPolicy[]): SafetyPolicy[] {
  const seen = new Map<string, SafetyPolicy>();
  for (const policy of policies) seen.set(JSON.stringify(policy), policy);
  return [...seen.values()];
}
