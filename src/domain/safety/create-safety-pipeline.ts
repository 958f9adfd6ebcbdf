import type { LinearClassifier } from './classifier/linear-classifier.ts';
import { applyRubric } from './layers/critic/critic-rubric.ts';
import type { OutputCritic } from './layers/critic/output-critic.ts';
import type { ContentModerator } from '../../ports/content-moderator.ts';
import { createContentLayer } from './layers/content/content-layer.ts';
import { withModeration } from './layers/content/moderated-content-layer.ts';
import { createJailbreakLayer, type JailbreakJudge } from './layers/jailbreak/jailbreak-layer.ts';
import { createPiiLayer } from './layers/pii/pii-layer.ts';
import { SafetyPipeline, type SafetyPipelineOptions } from './safety-pipeline.ts';

/** The critic without a model: the deterministic rubric for every output. */
export const rubricCritic: OutputCritic = {
  review: async (subject) => ({ results: applyRubric(subject.evidence), reviewer: 'rubric' }),
};

/**
 * The pipeline from the trained models; the judge, the critic's reviewer and the moderation model are
 * optional help (without them the local layers decide alone and the critic applies its rubric). The limit
 * on screened characters defaults to `defaultMaxScreenedCharacters`; the service-wide layer modes to none
 * (every layer blocks at its own bar).
 */
export function createSafetyPipeline(
  models: { jailbreak: LinearClassifier; content: LinearClassifier },
  help: { judge?: JailbreakJudge; critic?: OutputCritic; moderator?: ContentModerator } = {},
  options: SafetyPipelineOptions = {},
): SafetyPipeline {
  return new SafetyPipeline(
    {
      jailbreak: createJailbreakLayer(models.jailbreak, help.judge),
      pii: createPiiLayer(),
      content: help.moderator ? withModeration(createContentLayer(models.content), help.moderator) : createContentLayer(models.content),
      critic: help.critic ?? rubricCritic,
    },
    options,
  );
}
