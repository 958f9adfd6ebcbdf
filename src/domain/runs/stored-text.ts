import { AppError } from '../errors.ts';
import type { SafetyPolicy } from '../safety/safety-layer.ts';
import { defaultSafetyPolicy } from '../safety/safety-policy.ts';
import type { SafetyPipeline } from '../safety/safety-pipeline.ts';
import { maxScannedDepth } from '../safety/text/request-strings.ts';

/** What stands in for a value nested deeper than the PII layer reads: it was never screened, so it is not kept. */
export const tooDeep = '[not stored: nested too deep]';

/**
 * What the service stores to run later (a trigger's body, a playbook's inputs) holds PII as the models will
 * see it: the PII layer's placeholders (`[CARD_1]`) wherever the policy redacts, never the values. See
 * docs/decisions/0042-stored-run-data.md.
 */
export class StoredText {
  readonly #safety: Pick<SafetyPipeline, 'screenPii' | 'checkInputSize'>;

  constructor(safety: Pick<SafetyPipeline, 'screenPii' | 'checkInputSize'>) {
    this.#safety = safety;
  }

  /** 413 `payload_too_large` when the strings of the value are together longer than the safety layers read. */
  checkSize(value: unknown, keep: ReadonlySet<string> = new Set()): void {
    this.#safety.checkInputSize(value, keep);
  }

  /**
   * Every string of the value but the keys in `keep`, with the policy applied. A type the policy blocks is
   * refused now with 422 `safety_blocked` (nothing is stored): the run would refuse it when it executes.
   */
  async forLater<Value>(value: Value, policy: SafetyPolicy, keep: ReadonlySet<string> = new Set()): Promise<Value> {
    const screening = await this.#safety.screenPii(withinScannedDepth(value), policy, 'input', keep);
    if (screening.blocked) {
      const { layer, categories, findings } = screening.blocked;
      throw new AppError('safety_blocked', `The request was blocked by the ${layer} safety layer (${categories.join(', ')})`, {
        layer,
        categories,
        findings: findings ?? {},
        safety: { passed: false, layers: screening.reports },
      });
    }
    return screening.value;
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
