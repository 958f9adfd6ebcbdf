import type { GenerationUsage } from '../../../../ports/model-gateway.ts';
import type { ModelDefinition } from '../../../routing/model-definition.ts';
import type { CriterionResults, RubricEvidence } from './critic-rubric.ts';

/** What the critic is shown: the task, the output, who produced it, and the models it may ask instead. */
export interface CriticSubject {
  agentName: string;
  task: string;
  output: Record<string, unknown>;
  producer: ModelDefinition;
  /** Models that may review, best first (the run's routing chain); the producer is never chosen. */
  reviewers: readonly ModelDefinition[];
  evidence: RubricEvidence;
  /** The layers that flagged or redacted something earlier in the run (`layer:stage`): the cheaper layers' doubts. */
  doubts: readonly string[];
}

export interface CriticVerdict {
  results: CriterionResults;
  /** The model that reviewed, or `rubric` for the deterministic rubric. */
  reviewer: string;
  /** Why the deterministic rubric answered although a model was wanted: `reviewer_unavailable`, `reviewer_timeout`. */
  fallback?: string;
  /** Tokens the review cost, with the model that spent them. */
  usage?: { model: ModelDefinition; tokens: GenerationUsage };
}

/** Layer 5: a model other than the producer reviews the output against a short rubric. */
export interface OutputCritic {
  review(subject: CriticSubject): Promise<CriticVerdict>;
}
