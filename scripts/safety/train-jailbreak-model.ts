import { quantizeWeights, LinearClassifier, type LinearModelFile } from '../../src/domain/safety/classifier/linear-classifier.ts';
import { seededRandom, trainLogisticRegression, type TrainingExample } from '../../src/domain/safety/classifier/train-linear-classifier.ts';
import { attackHead, jailbreakVector, scoreJailbreak } from '../../src/domain/safety/layers/jailbreak/jailbreak-scorer.ts';
import { normalizeText } from '../../src/domain/safety/text/normalize-text.ts';
import { embeddedInjectionExamples } from './data/embedded-injections.ts';
import { countAt, metricsOf, recallAtFalsePositiveRate, thresholdForFalsePositiveRate } from './metrics.ts';
import { businessPromptsUrl, fingerprint, isValidationRow, readJsonl, readRows, type JailbreakRow } from './safety-data.ts';

const dimensions = 1 << 18;
export const defaultJailbreakTrainingOptions = { dimensions, epochs: 12, learningRate: 0.2, l2: 1e-6 };
type JailbreakTrainingOptions = typeof defaultJailbreakTrainingOptions;
const folds = 5;
/** The decision threshold allows at most this share of benign prompts to be blocked. */
const targetFalsePositiveRate = 0.01;
/** Scores between this share's threshold and the decision threshold are "uncertain": a judge model may look. */
const uncertainFalsePositiveRate = 0.05;

/** All labelled rows for the jailbreak model: the public data, our business prompts and planted-instruction documents. */
export function jailbreakRows(dataDirectory: string): JailbreakRow[] {
  return [...readRows<JailbreakRow>(dataDirectory, 'jailbreak'), ...readJsonl<JailbreakRow>(businessPromptsUrl)];
}

/**
 * Trains the jailbreak model on the training four-fifths (public data, business prompts, planted
 * instructions), picks the threshold from 5-fold out-of-fold scores so that at most 1% of benign prompts
 * are blocked, and reports the held-out fifth. Seeded, so the same data gives the same file.
 */
export function trainJailbreakModel(dataDirectory: string, overrides: Partial<JailbreakTrainingOptions> = {}): LinearModelFile {
  const trainingOptions = { ...defaultJailbreakTrainingOptions, ...overrides };
  const rows = jailbreakRows(dataDirectory);
  const training = [...rows.filter((row) => !isValidationRow(row.text)), ...embeddedInjectionExamples()];
  const validation = rows.filter((row) => isValidationRow(row.text));
  const vectors = training.map((row) => jailbreakVector(normalizeText(row.text).text, dimensions));

  // Out-of-fold scores: each training row scored by a model that did not see it.
  const outOfFold = training.map(() => 0);
  for (let fold = 0; fold < folds; fold += 1) {
    const inFold = (index: number) => index % folds === fold;
    const model = modelFile(train(training, vectors, (index) => !inFold(index), trainingOptions), 0.5, undefined, {});
    const classifier = new LinearClassifier(model);
    training.forEach((row, index) => {
      if (inFold(index)) outOfFold[index] = scoreJailbreak(classifier, normalizeText(row.text).text).score;
    });
  }
  const scoredOutOfFold = training.map((row, index) => ({ score: outOfFold[index] as number, label: row.label === 1 }));
  const threshold = thresholdForFalsePositiveRate(scoredOutOfFold, targetFalsePositiveRate);
  const uncertainBelow = thresholdForFalsePositiveRate(scoredOutOfFold, uncertainFalsePositiveRate);

  const final = train(training, vectors, () => true, trainingOptions);
  const provisional = new LinearClassifier(modelFile(final, threshold, uncertainBelow, {}));
  const scoredValidation = validation.map((row) => ({ score: scoreJailbreak(provisional, normalizeText(row.text).text).score, label: row.label === 1 }));
  const validationMetrics = metricsOf(countAt(scoredValidation, threshold));

  return modelFile(final, threshold, uncertainBelow, {
    data: { trainingRows: training.length, validationRows: validation.length, attacks: training.filter((row) => row.label === 1).length },
    split: 'validation = rows whose fingerprint starts with A–M (about a fifth); threshold from 5-fold out-of-fold scores on the rest',
    options: trainingOptions,
    threshold: { value: threshold, targetFalsePositiveRate, uncertainBelow, uncertainFalsePositiveRate },
    outOfFold: { ...rounded(metricsOf(countAt(scoredOutOfFold, threshold))), recallAtOnePercent: recallAtFalsePositiveRate(scoredOutOfFold, 0.01) },
    validation: { ...rounded(validationMetrics), recallAtOnePercent: recallAtFalsePositiveRate(scoredValidation, 0.01) },
    fingerprints: training.map((row) => fingerprint(row.text)),
  });
}

function train(rows: readonly JailbreakRow[], vectors: TrainingExample['vector'][], include: (index: number) => boolean, trainingOptions: JailbreakTrainingOptions) {
  const examples: TrainingExample[] = [];
  rows.forEach((row, index) => {
    if (include(index)) examples.push({ vector: vectors[index] as TrainingExample['vector'], label: row.label });
  });
  return trainLogisticRegression(examples, { ...trainingOptions, random: seededRandom(20261122) });
}

function modelFile(trained: { bias: number; weights: Float32Array }, threshold: number, uncertainFrom: number | undefined, training: Record<string, unknown>): LinearModelFile {
  return {
    format: 'hashed-logistic-regression/1',
    dimensions,
    heads: { [attackHead]: { bias: trained.bias, ...quantizeWeights(trained.weights), threshold, ...(uncertainFrom === undefined ? {} : { uncertainFrom }) } },
    training,
  };
}

function rounded(values: object): Record<string, number> {
  return Object.fromEntries(Object.entries(values as Record<string, number>).map(([name, value]) => [name, Math.round(value * 10_000) / 10_000]));
}
