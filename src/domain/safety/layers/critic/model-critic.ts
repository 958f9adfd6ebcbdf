import { z } from 'zod';
import type { CircuitBreaker } from '../../../../ports/circuit-breaker.ts';
import { UpstreamError, type ModelGateway } from '../../../../ports/model-gateway.ts';
import type { ModelDefinition } from '../../../routing/model-definition.ts';
import { sandboxProvider } from '../../../routing/model-router.ts';
import { applyRubric, criticCriteria, criticCriterionNames, type CriterionResults } from './critic-rubric.ts';
import type { CriticSubject, CriticVerdict, OutputCritic } from './output-critic.ts';

/** How much of the output the critic reads; reviews of longer outputs judge its beginning. */
const maxOutputCharacters = 12_000;

const instructions = [
  'You review the output of another AI model for a business API. Judge it strictly against each criterion',
  'and answer true (met) or false (not met) for every one. Do not rewrite the output.',
  ...criticCriterionNames.map((name) => `- ${name}: ${criticCriteria[name]}`),
].join('\n');

const outputSchema = {
  type: 'object',
  properties: Object.fromEntries(criticCriterionNames.map((name) => [name, { type: 'boolean', description: criticCriteria[name] }])),
  required: criticCriterionNames,
  additionalProperties: false,
};

const answerSchema = z.object(Object.fromEntries(criticCriterionNames.map((name) => [name, z.boolean()])) as Record<keyof CriterionResults, z.ZodBoolean>);

/**
 * The critic: a model other than the producer, preferably from another provider, judges the output against
 * the rubric within a time limit. The sandbox's outputs, and any review that cannot be had in time, get
 * the deterministic rubric instead, and the verdict says which.
 */
export class ModelCritic implements OutputCritic {
  readonly #gateway: ModelGateway;
  readonly #breaker: CircuitBreaker;
  readonly #timeoutMs: number;

  constructor(dependencies: { gateway: ModelGateway; breaker: CircuitBreaker; timeoutMs: number }) {
    this.#gateway = dependencies.gateway;
    this.#breaker = dependencies.breaker;
    this.#timeoutMs = dependencies.timeoutMs;
  }

  async review(subject: CriticSubject): Promise<CriticVerdict> {
    if (subject.producer.provider === sandboxProvider) return { results: applyRubric(subject.evidence), reviewer: 'rubric' };
    const reviewer = chooseReviewer(subject.producer, subject.reviewers);
    if (!reviewer || !this.#breaker.tryAcquire(reviewer.id)) {
      return { results: applyRubric(subject.evidence), reviewer: 'rubric', fallback: 'reviewer_unavailable' };
    }
    try {
      const answer = await this.#gateway.generate({
        provider: reviewer.provider,
        providerModelId: reviewer.providerModelId,
        instructions,
        prompt: reviewPrompt(subject),
        outputSchema,
        timeoutMs: this.#timeoutMs,
      });
      const parsed = answerSchema.safeParse(answer.output);
      this.#breaker.recordSuccess(reviewer.id);
      if (!parsed.success) return { results: applyRubric(subject.evidence), reviewer: 'rubric', fallback: 'reviewer_invalid' };
      return { results: parsed.data, reviewer: reviewer.id, usage: { model: reviewer, tokens: answer.usage } };
    } catch (error) {
      this.#breaker.recordFailure(reviewer.id);
      const timedOut = error instanceof UpstreamError && error.kind === 'timeout';
      return { results: applyRubric(subject.evidence), reviewer: 'rubric', fallback: timedOut ? 'reviewer_timeout' : 'reviewer_unavailable' };
    }
  }
}

/** The first real model of the chain that is not the producer, from another provider when there is one. */
export function chooseReviewer(producer: ModelDefinition, candidates: readonly ModelDefinition[]): ModelDefinition | undefined {
  const others = candidates.filter((model) => model.id !== producer.id && model.provider !== sandboxProvider);
  return others.find((model) => model.provider !== producer.provider) ?? others[0];
}

function reviewPrompt(subject: CriticSubject): string {
  const output = JSON.stringify(subject.output, null, 1);
  const shown = output.length > maxOutputCharacters ? `${output.slice(0, maxOutputCharacters)}\n[…]` : output;
  return `Agent: ${subject.agentName}\n\nTask:\n${subject.task}\n\nOutput to review (JSON):\n${shown}`;
}
