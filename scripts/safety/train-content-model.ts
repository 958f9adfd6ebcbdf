import { quantizeWeights, LinearClassifier, type LinearModelFile } from '../../src/domain/safety/classifier/linear-classifier.ts';
import type { SparseVector } from '../../src/domain/safety/classifier/hashed-features.ts';
import { seededRandom, trainLogisticRegression, type TrainingExample } from '../../src/domain/safety/classifier/train-linear-classifier.ts';
import { businessIdiomSentences } from '../../src/domain/safety/layers/content/business-idioms.ts';
import { categoriesOfDataRow, type ContentCategory } from '../../src/domain/safety/layers/content/content-categories.ts';
import { detectContent, flaggedScore } from '../../src/domain/safety/layers/content/content-detector.ts';
import type { ContentSignals } from '../../src/domain/safety/layers/content/content-signals.ts';
import { categoryHeads, contentVector, flaggedHead } from '../../src/domain/safety/layers/content/content-vector.ts';
import { insultsAtPeople, swearingAtThings } from '../../src/domain/safety/layers/content/swearing-examples.ts';
import { normalizeText } from '../../src/domain/safety/text/normalize-text.ts';
import { countAt, metricsOf, recallAtFalsePositiveRate } from './metrics.ts';
import { fingerprint, isValidationRow, readRows, type ContentRow, type JailbreakRow } from './safety-data.ts';

export interface ContentTrainingOptions {
  dimensions: number;
  epochs: number;
  learningRate: number;
  l2: number;
  /** The flagged threshold lets at most this share of benign content rows through (out of fold); the target is 5%. */
  targetFalsePositiveRate: number;
  /** How far each source's rows are weighted towards equal totals per source and label (0 = not at all, 1 = fully). */
  sourceBalance: number;
}

export const defaultContentTrainingOptions: ContentTrainingOptions = { dimensions: 1 << 17, epochs: 10, learningRate: 0.2, l2: 2e-6, targetFalsePositiveRate: 0.04, sourceBalance: 0 };
const folds = 5;
const seed = 20261122;

interface LabelledRow extends ContentRow {
  /** The row's categories as this layer names them. */
  mapped: ContentCategory[];
  /** From the content data (not an added negative): the flagged threshold is set on these. */
  fromContentData: boolean;
}

/**
 * The rows the content model learns from: the content data; benign prompts (the jailbreak data's benign
 * side: ordinary and "sounds dangerous but is not" requests) and business idioms as negatives; and
 * swearing at things (profanity) next to insults at people (harassment) in the same office language.
 */
export function contentTrainingRows(dataDirectory: string): { training: LabelledRow[]; validation: LabelledRow[] } {
  const content = readRows<ContentRow>(dataDirectory, 'content');
  const benignPrompts = readRows<JailbreakRow>(dataDirectory, 'jailbreak')
    .filter((row) => row.label === 0 && !isValidationRow(row.text))
    .map((row): ContentRow => ({ text: row.text, flagged: false, categories: [], source: `benign-prompt:${row.source}` }));
  const written = (source: string, flagged: boolean, categories: string[]) => (text: string): ContentRow => ({ text, flagged, categories, source });
  const added = [
    ...benignPrompts,
    ...businessIdiomSentences().map(written('business-idioms', false, [])),
    ...swearingAtThings().map(written('swearing-at-things', true, ['offensive'])),
    ...insultsAtPeople().map(written('insults-at-people', true, ['HR'])),
  ];
  const label = (fromContentData: boolean) => (row: ContentRow): LabelledRow => ({ ...row, mapped: categoriesOfDataRow(row), fromContentData });
  return {
    training: [...content.filter((row) => !isValidationRow(row.text)).map(label(true)), ...added.map(label(false))],
    validation: content.filter((row) => isValidationRow(row.text)).map(label(true)),
  };
}

/**
 * Trains the content model: a `flagged` head and one head per category the data has enough examples of,
 * all over the same features. The category heads learn from flagged rows only: they answer "which harm",
 * not "harmful or not", so swearing in a tweet and swearing in an email are told apart by whom they aim at
 * rather than by how a tweet looks. The flagged threshold comes from 5-fold out-of-fold scores on the
 * training rows (at most 4% of benign content rows caught), each category threshold maximises that head's
 * out-of-fold F1 on flagged rows. The validation fifth is only measured. Seeded, so the same data gives the
 * same file.
 */
export function trainContentModel(dataDirectory: string, overrides: Partial<ContentTrainingOptions> = {}): LinearModelFile {
  const options = { ...defaultContentTrainingOptions, ...overrides };
  const { training, validation } = contentTrainingRows(dataDirectory);
  const texts = training.map((row) => normalizeText(row.text).text);
  const weights = sourceWeights(training, options.sourceBalance);
  const read = texts.map((text) => contentVector(text, options.dimensions));
  const examples = read.map(({ vector }, index) => ({ vector, weight: weights[index] as number }));
  const heads = [flaggedHead, ...categoryHeads];
  const labelOf = (row: LabelledRow, head: string) => (head === flaggedHead ? row.flagged : row.mapped.includes(head as ContentCategory));

  // Out-of-fold probabilities per head: each training row scored by models that did not see it.
  const outOfFold = new Map(heads.map((head) => [head, training.map(() => 0)]));
  for (let fold = 0; fold < folds; fold += 1) {
    const inFold = (index: number) => index % folds === fold;
    const classifier = new LinearClassifier(modelFile(trainHeads(training, examples, heads, labelOf, options, (index) => !inFold(index)), {}, options, {}));
    training.forEach((_row, index) => {
      if (inFold(index)) for (const head of heads) (outOfFold.get(head) as number[])[index] = classifier.probability(head, (examples[index] as { vector: SparseVector }).vector);
    });
  }
  const thresholds: Record<string, number> = {};
  const signals = read.map((entry) => entry.signals);
  const scoredFlagged = training.map((row, index) => ({
    score: flaggedScore((outOfFold.get(flaggedHead) as number[])[index] as number, signals[index] as ContentSignals),
    label: row.flagged,
    ruleHit: (signals[index] as ContentSignals).ruleCategories.length > 0,
    fromContentData: row.fromContentData,
    source: row.source,
  }));
  thresholds[flaggedHead] = flaggedThreshold(scoredFlagged.filter((example) => example.fromContentData), options.targetFalsePositiveRate);
  for (const head of categoryHeads) {
    const scored = training.flatMap((row, index) => (row.flagged ? [{ score: (outOfFold.get(head) as number[])[index] as number, label: labelOf(row, head) }] : []));
    thresholds[head] = bestF1Threshold(scored);
  }

  const final = trainHeads(training, examples, heads, labelOf, options, () => true);
  const classifier = new LinearClassifier(modelFile(final, thresholds, options, {}));
  const detections = validation.map((row) => ({ row, detection: detectContent(classifier, row.text) }));
  const decided = detections.map(({ row, detection }) => ({ score: detection.flagged ? 1 : 0, label: row.flagged }));
  const scored = detections.map(({ row, detection }) => ({ score: detection.score, label: row.flagged }));
  const outOfFoldDecided = scoredFlagged.filter((example) => example.fromContentData).map((example) => ({ score: example.ruleHit || example.score >= (thresholds[flaggedHead] as number) ? 1 : 0, label: example.label, source: example.source }));

  return modelFile(final, thresholds, options, {
    data: {
      trainingRows: training.length,
      validationRows: validation.length,
      flaggedTrainingRows: training.filter((row) => row.flagged).length,
      bySource: countBy(training, (row) => row.source),
      byCategory: countBy(training.flatMap((row) => row.mapped), (category) => category),
    },
    split: 'validation = content rows whose fingerprint starts with A–M (isValidationRow, about a fifth); thresholds from 5-fold out-of-fold scores on the training rows',
    categoryMapping: 'S→sexual_content; S3→child_sexual_exploitation+sexual_content; H→hate; H2→hate+violent_crimes; V,V2→violent_crimes; HR→harassment; SH→self_harm; davidson hate→hate; davidson offensive→profanity; surge toxic→harassment',
    options: { ...options, folds, seed },
    thresholds: rounded(thresholds),
    outOfFold: rounded({ ...metricsOf(countAt(outOfFoldDecided, 0.5)) }),
    outOfFoldBySource: ratesBySource(outOfFoldDecided),
    validation: { ...rounded({ ...metricsOf(countAt(decided, 0.5)) }), recallAtOnePercent: round(recallAtFalsePositiveRate(scored, 0.01)) },
    fingerprints: training.map((row) => fingerprint(row.text)),
  });
}

/** Per source: recall on its flagged rows and the false-positive rate on its benign rows. */
function ratesBySource(decided: readonly { score: number; label: boolean; source: string }[]): Record<string, { recall: number; falsePositiveRate: number }> {
  const sources = [...new Set(decided.map((example) => example.source))];
  return Object.fromEntries(
    sources.map((source) => {
      const { recall, falsePositiveRate } = metricsOf(countAt(decided.filter((example) => example.source === source), 0.5));
      return [source, { recall: round(recall), falsePositiveRate: round(falsePositiveRate) }];
    }),
  );
}

/** Weights that move each (source, label) group towards the same total, by `balance` (0 = all rows weigh 1). */
function sourceWeights(rows: readonly LabelledRow[], balance: number): number[] {
  const groupOf = (row: LabelledRow) => `${row.source}|${row.flagged}`;
  const sizes = countBy(rows, groupOf);
  const raw = rows.map((row) => Math.pow(sizes[groupOf(row)] as number, -balance));
  const mean = raw.reduce((sum, value) => sum + value, 0) / raw.length;
  return raw.map((value) => value / mean);
}

function trainHeads(
  rows: readonly LabelledRow[],
  examples: readonly { vector: SparseVector; weight: number }[],
  heads: readonly string[],
  labelOf: (row: LabelledRow, head: string) => boolean,
  options: ContentTrainingOptions,
  include: (index: number) => boolean,
) {
  return new Map(
    heads.map((head) => {
      const selected: TrainingExample[] = [];
      rows.forEach((row, index) => {
        const example = examples[index] as { vector: SparseVector; weight: number };
        // A category head learns which harm a flagged text is, so it reads flagged rows only.
        if (include(index) && (head === flaggedHead || row.flagged)) selected.push({ ...example, label: labelOf(row, head) ? 1 : 0 });
      });
      const { dimensions, epochs, learningRate, l2 } = options;
      return [head, trainLogisticRegression(selected, { dimensions, epochs, learningRate, l2, random: seededRandom(seed) })];
    }),
  );
}

/**
 * The lowest threshold at which the detector (model or rules) catches at most the target share of benign
 * rows: benign rows a rule catches count against the target whatever the threshold.
 */
function flaggedThreshold(scored: readonly { score: number; label: boolean; ruleHit: boolean }[], targetFalsePositiveRate: number): number {
  const negatives = scored.filter((example) => !example.label);
  const caughtByRules = negatives.filter((example) => example.ruleHit).length;
  const allowed = Math.max(0, Math.floor(negatives.length * targetFalsePositiveRate) - caughtByRules);
  const boundary = negatives.filter((example) => !example.ruleHit).map((example) => example.score).sort((a, b) => b - a)[allowed];
  return boundary === undefined ? 0.5 : Math.min(1, boundary + 1e-6);
}

function bestF1Threshold(scored: readonly { score: number; label: boolean }[]): number {
  let best = { threshold: 0.5, f1: -1 };
  for (let step = 5; step < 100; step += 1) {
    const threshold = step / 100;
    const f1 = metricsOf(countAt(scored, threshold)).f1;
    if (f1 > best.f1) best = { threshold, f1 };
  }
  return best.threshold;
}

function modelFile(trained: Map<string, { bias: number; weights: Float32Array }>, thresholds: Record<string, number>, options: ContentTrainingOptions, training: Record<string, unknown>): LinearModelFile {
  const heads: LinearModelFile['heads'] = {};
  for (const [head, { bias, weights }] of trained) heads[head] = { bias, ...quantizeWeights(weights), ...(thresholds[head] === undefined ? {} : { threshold: thresholds[head] }) };
  return { format: 'hashed-logistic-regression/1', dimensions: options.dimensions, heads, training };
}

function countBy<Item>(items: readonly Item[], key: (item: Item) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

function rounded(values: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, round(value)]));
}
