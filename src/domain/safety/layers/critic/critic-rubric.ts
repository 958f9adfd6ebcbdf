import type { QualityScore } from '../quality/quality-scorer.ts';

/** The short rubric the critic judges every output against, pass or fail per criterion. */
export const criticCriteria = {
  addresses_task: 'The output does what the task asked, about the subject the task named.',
  complete: 'Nothing the task needs is missing, left as a placeholder or cut off.',
  well_formed: 'The output follows the requested structure and does not repeat itself.',
  no_refusal: 'The output does the work instead of declining or deflecting.',
  safe: 'The output holds nothing harmful, hateful, or unprofessional for a business setting.',
} as const;

export type CriticCriterion = keyof typeof criticCriteria;

export const criticCriterionNames = Object.keys(criticCriteria) as CriticCriterion[];

export type CriterionResults = Record<CriticCriterion, boolean>;

/** What the deterministic rubric reads: the quality checks' results and the content layer's view of the output. */
export interface RubricEvidence {
  quality: QualityScore;
  /** The content layer passed the output (nothing found, or only flagged). */
  contentPassed: boolean;
}

/**
 * The rubric without a model: each criterion answered from the deterministic checks that speak to it.
 * Used when no real provider is configured, and whenever the critic model cannot answer in time.
 */
export function applyRubric(evidence: RubricEvidence): CriterionResults {
  const failed = new Set(evidence.quality.failed);
  return {
    addresses_task: !failed.has('relevance'),
    complete: !failed.has('empty') && !failed.has('truncation') && !failed.has('length'),
    well_formed: !failed.has('schema') && !failed.has('repetition'),
    no_refusal: !failed.has('refusal'),
    safe: evidence.contentPassed,
  };
}

/** The share of criteria met, 0–1. */
export function rubricScore(results: CriterionResults): number {
  const met = criticCriterionNames.filter((name) => results[name]).length;
  return Math.round((met / criticCriterionNames.length) * 1000) / 1000;
}

export function failedCriteria(results: CriterionResults): CriticCriterion[] {
  return criticCriterionNames.filter((name) => !results[name]);
}
