import type { ModelDefinition } from '../routing/model-definition.ts';
import type { QualityAssessment, TextScreening } from '../safety/safety-pipeline.ts';

/** One model's answer after the output layers: redacted, screened for content, scored for quality. */
export interface OutputCandidate {
  model: ModelDefinition;
  screening: TextScreening<Record<string, unknown>>;
  quality: QualityAssessment;
}

/** Why an answer is regenerated on the next model, if it is. */
export function regenerationReason(candidate: OutputCandidate): 'output_blocked' | 'quality' | undefined {
  if (candidate.screening.blocked) return 'output_blocked';
  return candidate.quality.belowThreshold ? 'quality' : undefined;
}

/**
 * The answer to keep of two: one the content layer let through over one it blocked, then the higher quality
 * score; on a tie the first, which the router ranked higher.
 */
export function betterCandidate(first: OutputCandidate, second: OutputCandidate): OutputCandidate {
  if (first.screening.blocked && !second.screening.blocked) return second;
  if (second.screening.blocked) return first;
  return second.quality.quality.score > first.quality.quality.score ? second : first;
}

/** The models after the producer in the chain: where a regeneration goes. */
export function modelsAfter(chain: readonly ModelDefinition[], producer: ModelDefinition): ModelDefinition[] {
  const index = chain.findIndex((model) => model.id === producer.id);
  return index < 0 ? [] : chain.slice(index + 1);
}
