import { AppError } from '../errors.ts';
import type { SafetyPolicy } from '../safety/safety-layer.ts';
import type { SafetyPipeline } from '../safety/safety-pipeline.ts';

/**
 * What the service stores to run later (a trigger's body, a playbook's inputs) holds PII as the models will
 * see it: the PII layer's placeholders (`[CARD_1]`) wherever the policy redacts, never the values. See
 * docs/decisions/0042-stored-run-data.md.
 */
export class StoredText {
  readonly #safety: Pick<SafetyPipeline, 'screenPii'>;

  constructor(safety: Pick<SafetyPipeline, 'screenPii'>) {
    this.#safety = safety;
  }

  /**
   * Every string of the value but the keys in `keep`, with the policy applied. A type the policy blocks is
   * refused now with 422 `safety_blocked` (nothing is stored): the run would refuse it when it executes.
   */
  async forLater<Value>(value: Value, policy: SafetyPolicy, keep: ReadonlySet<string> = new Set()): Promise<Value> {
    const screening = await this.#safety.screenPii(value, policy, 'input', keep);
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
}
