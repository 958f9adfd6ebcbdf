import { quantizeWeights, LinearClassifier, type LinearModelFile } from '../../src/domain/safety/classifier/linear-classifier.ts';
import type { SparseVector } from '../../src/domain/safety/classifier/hashed-features.ts';
import { seededRandom, trainLogisticRegression, type TrainingExample } from '../../src/domain/safety/classifier/train-linear-classifier.ts';
import { businessIdiomSentences } from '../../src/domain/safety/layers/content/business-idioms.ts';
import { harmfulRequestSentences } from '../../src/domain/safety/layers/content/harmful-request-examples.ts';
import { lookAlikeRequestSentences } from '../../src/domain/safety/layers/content/look-alike-requests.ts';
import { categoriesOfDataRow, type ContentCategory } from '../../src/domain/safety/layers/content/content-categories.ts';
import { detectContent, flaggedScore, requestProbability } from '../../src/domain/safety/layers/content/content-detector.ts';
import type { ContentSignals } from '../../src/domain/safety/layers/content/content-signals.ts';
import { categoryHeads, contentVectors, flaggedHead, requestHead } from '../../src/domain/safety/layers/content/content-vector.ts';
import { insultsAtPeople, swearingAtThings } from '../../src/domain/safety/layers/content/swearing-examples.ts';
import { normalizeText } from '../../src/domain/safety/text/normalize-text.ts';
import { benignDocumentStretches } from './content-document-stretches.ts';
import { caught, chooseThresholds, leaveOneSourceOutScores, ratesBySource, type OutOfSourceScore } from './content-leave-one-source-out.ts';
import { readsAsRequest, trainingWeightOf, type BenignKind } from './content-source-groups.ts';
import { countAt, metricsOf, recallAtFalsePositiveRate } from './metrics.ts';
import { authoredHarmRequestsUrl, authoredLookAlikeRequestsUrl, contentProbeKeys, fingerprint, isValidationRow, looseKey, readJsonl, readRows, v2DataDirectory, type ContentRow, type JailbreakRow } from './safety-data.ts';

export interface ContentTrainingOptions {
  dimensions: number;
  epochs: number;
  learningRate: number;
  /**
   * The request head's learning rate. Lower than the other heads': trained as hard, it learns the words of
   * the request sources it sees and ranks an unseen source's requests below the look-alikes more often.
   */
  requestLearningRate: number;
  l2: number;
  /** The thresholds catch at most this (weighted) share of each kind of benign content rows, scored out of source. */
  targetFalsePositiveRates: Readonly<Record<BenignKind, number>>;
  /** How far each source's rows are weighted towards equal totals per source and label (0 = not at all, 1 = fully). */
  sourceBalance: number;
}

export const defaultContentTrainingOptions: ContentTrainingOptions = { dimensions: 1 << 16, epochs: 10, learningRate: 0.1, requestLearningRate: 0.04, l2: 2e-6, targetFalsePositiveRates: { lookalike: 0.05, request: 0.05, identity: 0.015, post: 0.05 }, sourceBalance: 1 };
const folds = 5;
const seed = 20261122;

interface LabelledRow extends ContentRow {
  /** The row's categories as this layer names them. */
  mapped: ContentCategory[];
  /** From the content data (not an added row): held out by source, and the thresholds are set on these. */
  fromContentData: boolean;
}

/**
 * The rows the content model learns from: the content data of both data sets (toxic and benign posts;
 * harmful requests, benign look-alikes and identity mentions); benign prompts (the jailbreak data's benign
 * side: ordinary and "sounds dangerous but is not" requests), business idioms and look-alike requests as
 * negatives; the stretches of the second data set's long benign documents that read as asking for something
 * (see content-document-stretches.ts), as negatives; everyday harmful requests (templated, and the authored requests of scripts/safety/data/, each
 * harmful core and its look-alike asked in the same frames: "how do I", "as a nurse", "write a script that",
 * "write a persuasive article arguing that"); and swearing at things (profanity) next to insults at people
 * (harassment) in the same office language. No row whose text is in the content probe
 * (scripts/safety/data/content-probe.jsonl) is ever used: the probe measures wording the model never saw.
 */
export function contentTrainingRows(dataDirectory: string): { training: LabelledRow[]; validation: LabelledRow[] } {
  const probe = contentProbeKeys();
  const notProbed = (row: ContentRow) => !probe.has(looseKey(row.text));
  const content = [...readRows<ContentRow>(dataDirectory, 'content'), ...readRows<ContentRow>(v2DataDirectory(dataDirectory), 'content')].filter(notProbed);
  const benignPrompts = readRows<JailbreakRow>(dataDirectory, 'jailbreak')
    .filter((row) => row.label === 0 && !isValidationRow(row.text))
    .map((row): ContentRow => ({ text: row.text, flagged: false, categories: [], source: `benign-prompt:${row.source}` }));
  const written = (source: string, flagged: boolean, categories: string[]) => (text: string): ContentRow => ({ text, flagged, categories, source });
  const added = [
    ...benignPrompts,
    ...benignDocumentStretches(v2DataDirectory(dataDirectory)),
    ...businessIdiomSentences().map(written('business-idioms', false, [])),
    ...lookAlikeRequestSentences().map(written('look-alike-requests', false, [])),
    ...harmfulRequestSentences().map(written('harmful-requests', true, ['other_harm'])),
    ...[...readJsonl<ContentRow & { kind: string }>(authoredHarmRequestsUrl), ...readJsonl<ContentRow & { kind: string }>(authoredLookAlikeRequestsUrl)].map(({ kind, ...row }) => ({ ...row, source: `${row.source}:${kind}` })),
    ...swearingAtThings().map(written('swearing-at-things', true, ['offensive'])),
    ...insultsAtPeople().map(written('insults-at-people', true, ['HR'])),
  ];
  const label = (fromContentData: boolean) => (row: ContentRow): LabelledRow => ({ ...row, mapped: categoriesOfDataRow(row), fromContentData });
  return {
    training: [...content.filter((row) => !isValidationRow(row.text)).map(label(true)), ...added.filter(notProbed).map(label(false))],
    validation: content.filter((row) => isValidationRow(row.text)).map(label(true)),
  };
}

/**
 * Trains the content model. Two heads decide whether a text is harmful: `flagged` reads the whole text
 * (toxic, abusive, hateful posts and comments) and `request` reads what a request asks for (a harmful
 * method or object, see request-vector.ts); a text is harmful when either reaches its threshold. One head
 * per category the data has enough examples of names the harm; the category heads learn from flagged rows
 * only: they answer "which harm", not "harmful or not", so swearing in a tweet and swearing in an email are
 * told apart by whom they aim at rather than by how a tweet looks; each category threshold maximises that
 * head's 5-fold out-of-fold F1 on flagged rows. The two deciding thresholds are chosen on out-of-source
 * scores: every content source (or family of authored rows) is scored by heads trained without it, as the
 * layer meets text from sources it has never seen, and the thresholds are the pair that catches most while
 * each kind of benign text (requests and look-alikes, identity mentions, posts) stays within its target.
 * The validation fifth is only measured. Seeded, so the same data gives the same file.
 */
export function trainContentModel(dataDirectory: string, overrides: Partial<ContentTrainingOptions> = {}): LinearModelFile {
  const options = { ...defaultContentTrainingOptions, ...overrides };
  const { training, validation } = contentTrainingRows(dataDirectory);
  const texts = training.map((row) => normalizeText(row.text).text);
  const weights = sourceWeights(training, options.sourceBalance);
  const read = texts.map((text) => contentVectors(text, options.dimensions, true));
  const examples = read.map(({ vector }, index) => ({ vector, weight: weights[index] as number }));
  const requestExamples = read.map(({ requests }, index) => ({ vector: requests[0] as SparseVector, weight: weights[index] as number }));
  const vectorAt = (index: number) => (examples[index] as { vector: SparseVector }).vector;
  const requestAt = (index: number) => (requestExamples[index] as { vector: SparseVector }).vector;
  const asRequest = training.map((row) => readsAsRequest(row.source));
  const labelOf = (row: LabelledRow, head: string) => (head === flaggedHead || head === requestHead ? row.flagged : row.mapped.includes(head as ContentCategory));
  // The flagged head learns harm in posts and comments, the request head harm asked for: the harmful
  // requests are the request head's alone (the flagged head, which reads the style of the whole text, would
  // learn the style of each request data set), and the request head reads requests only (benign tweets as
  // negatives teach it the style of tweets, not what a request asks for). Both train on the rows `include`
  // keeps; both score every row out of source, as the layer runs both on every text.
  const harmfulRequest = training.map((row, index) => (row.flagged && asRequest[index] === true) || isAuthoredRequest(row.source));
  const trainDecidingHeads = (include: (index: number) => boolean) =>
    new Map([
      ...trainHeads(training, examples, [flaggedHead], labelOf, options, (index) => include(index) && !harmfulRequest[index]),
      ...trainHeads(training, requestExamples, [requestHead], labelOf, options, (index) => include(index) && asRequest[index] === true),
    ]);
  const signals = read.map((entry) => entry.signals);

  // Category heads: out-of-fold probabilities, each flagged training row scored by models that did not see it.
  const outOfFold = new Map(categoryHeads.map((head) => [head, training.map(() => 0)]));
  for (let fold = 0; fold < folds; fold += 1) {
    const inFold = (index: number) => index % folds === fold;
    const classifier = new LinearClassifier(modelFile(trainHeads(training, examples, categoryHeads, labelOf, options, (index) => !inFold(index)), {}, options, {}));
    training.forEach((row, index) => {
      if (inFold(index) && row.flagged) for (const head of categoryHeads) (outOfFold.get(head) as number[])[index] = classifier.probability(head, vectorAt(index));
    });
  }
  const thresholds: Record<string, number> = {};
  for (const head of categoryHeads) {
    const scored = training.flatMap((row, index) => (row.flagged ? [{ score: (outOfFold.get(head) as number[])[index] as number, label: labelOf(row, head) }] : []));
    thresholds[head] = bestF1Threshold(scored);
  }

  // The flagged and request heads: out-of-source scores, then the thresholds.
  const outOfSource = leaveOneSourceOutScores(
    training.map((row) => row.source),
    training.map((row) => row.fromContentData),
    (include) => {
      const classifier = new LinearClassifier(modelFile(trainDecidingHeads(include), {}, options, {}));
      return (index) => {
        const signal = signals[index] as ContentSignals;
        const asks = (read[index] as { asks: boolean[] }).asks[0] === true;
        return { flagged: flaggedScore(classifier.probability(flaggedHead, vectorAt(index)), signal), request: asks ? flaggedScore(classifier.probability(requestHead, requestAt(index)), signal) : 0 };
      };
    },
  );
  const scoredOutOfSource: OutOfSourceScore[] = training.flatMap((row, index) => {
    const scores = outOfSource[index];
    return row.fromContentData && scores ? [{ source: row.source, label: row.flagged, ...scores, ruleHit: (signals[index] as ContentSignals).ruleCategories.length > 0 }] : [];
  });
  const chosen = chooseThresholds(scoredOutOfSource, options.targetFalsePositiveRates);
  thresholds[flaggedHead] = chosen.flagged;
  thresholds[requestHead] = chosen.request;

  const final = new Map([...trainDecidingHeads(() => true), ...trainHeads(training, examples, categoryHeads, labelOf, options, () => true)]);
  const requestOnly = modelFile(new Map([[requestHead, final.get(requestHead) as { bias: number; weights: Float32Array }]]), thresholds, options, {});
  const penalties = { [requestHead]: chooseRequestWindowPenalty(requestOnly, benignDocuments(dataDirectory)) };
  const classifier = new LinearClassifier(modelFile(final, thresholds, options, {}, penalties));
  const measured = (rows: readonly LabelledRow[]) => {
    const detections = rows.map((row) => ({ row, detection: detectContent(classifier, row.text) }));
    const decided = detections.map(({ row, detection }) => ({ score: detection.flagged ? 1 : 0, label: row.flagged }));
    const scored = detections.map(({ row, detection }) => ({ score: detection.score, label: row.flagged }));
    return { ...rounded({ ...metricsOf(countAt(decided, 0.5)) }), recallAtOnePercent: round(recallAtFalsePositiveRate(scored, 0.01)) };
  };
  const requestValidation = validation.filter((row) => readsAsRequest(row.source));

  return modelFile(final, thresholds, options, {
    data: {
      trainingRows: training.length,
      validationRows: validation.length,
      flaggedTrainingRows: training.filter((row) => row.flagged).length,
      bySource: countBy(training, (row) => row.source),
      byCategory: countBy(training.flatMap((row) => row.mapped), (category) => category),
    },
    split: 'validation = content rows whose fingerprint starts with A–M (isValidationRow, about a fifth), measured apart for posts (validation) and requests (requestValidation); flagged and request thresholds from leave-one-source-out scores on the training rows; category thresholds from 5-fold out-of-fold scores',
    categoryMapping:
      'S→sexual_content; S3→child_sexual_exploitation+sexual_content; H→hate; H2→hate+violent_crimes; V,V2→violent_crimes; HR→harassment; SH→self_harm; davidson hate→hate; davidson offensive→profanity; surge toxic→harassment; violence,child_safety→violent_crimes; cyber,fraud,illegal_activity,other_harm,misinformation→non_violent_crimes; hate_harassment→hate; privacy→privacy; sexual→sexual_content; self_harm→self_harm',
    options: { ...options, folds, seed },
    thresholds: rounded(thresholds),
    requestWindowPenalty: penalties[requestHead],
    leaveOneSourceOut: ratesBySource(scoredOutOfSource, (row) => caught(row, chosen)),
    validation: measured(validation.filter((row) => !readsAsRequest(row.source))),
    requestValidation: { ...measured(requestValidation), bySource: ratesBySource(requestValidation.map((row) => ({ source: row.source, label: row.flagged })), (_row, index) => detectContent(classifier, (requestValidation[index] as LabelledRow).text).flagged) },
    fingerprints: training.map((row) => fingerprint(row.text)),
  }, penalties);
}

/** At most this share of the second data set's benign documents may be refused by the request head. */
const documentRefusalTarget = 0.0025;
/** The penalties tried, per doubling of a text's stretches (see requestProbability). */
const windowPenalties = [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1];

/** The second data set's benign documents of 300 characters or more, normalised as the layer reads them. */
function benignDocuments(dataDirectory: string): string[] {
  return readRows<JailbreakRow>(v2DataDirectory(dataDirectory), 'jailbreak')
    .filter((row) => row.label === 0 && row.text.length >= 300)
    .map((row) => normalizeText(row.text).text);
}

/**
 * The request head's penalty per doubling of a text's stretches: the smallest on the grid with which the
 * head refuses at most documentRefusalTarget of the benign documents. The threshold is chosen on requests,
 * each read as one stretch; a document read in many stretches has as many chances to pass it by chance.
 * Trained with a lower learning rate the head ranks unseen requests better and reads more into single
 * sentences of documents; the penalty keeps documents where they were.
 */
function chooseRequestWindowPenalty(requestOnly: LinearModelFile, documents: readonly string[]): number {
  const read = documents.map((text) => contentVectors(text, requestOnly.dimensions));
  const head = requestOnly.heads[requestHead] as LinearModelFile['heads'][string];
  const threshold = head.threshold ?? 0.5;
  const refused = (penalty: number) => {
    const classifier = new LinearClassifier({ ...requestOnly, heads: { [requestHead]: { ...head, windowPenalty: penalty } } });
    return read.filter(({ requests, asks }) => requestProbability(classifier, requests, asks) >= threshold).length;
  };
  return windowPenalties.find((penalty) => refused(penalty) <= documentRefusalTarget * documents.length) ?? (windowPenalties.at(-1) as number);
}

/** The authored requests of scripts/safety/data/, harmful and look-alike: the request head's alone, like the harmful requests. */
function isAuthoredRequest(source: string): boolean {
  return source.startsWith('authored-harm-requests') || source.startsWith('authored-lookalike-requests');
}

/**
 * Weights that move each (source, label) group towards the same total, by `balance` (0 = all rows weigh 1),
 * with authored rows weighing less (see content-source-groups.ts).
 */
function sourceWeights(rows: readonly LabelledRow[], balance: number): number[] {
  const groupOf = (row: LabelledRow) => `${row.source}|${row.flagged}`;
  const sizes = countBy(rows, groupOf);
  const raw = rows.map((row) => Math.pow(sizes[groupOf(row)] as number, -balance) * trainingWeightOf(row.source));
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
        if (include(index) && (head === flaggedHead || head === requestHead || row.flagged)) selected.push({ ...example, label: labelOf(row, head) ? 1 : 0 });
      });
      const { dimensions, epochs, l2 } = options;
      const learningRate = head === requestHead ? options.requestLearningRate : options.learningRate;
      return [head, trainLogisticRegression(selected, { dimensions, epochs, learningRate, l2, random: seededRandom(seed) })];
    }),
  );
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

function modelFile(
  trained: Map<string, { bias: number; weights: Float32Array }>,
  thresholds: Record<string, number>,
  options: ContentTrainingOptions,
  training: Record<string, unknown>,
  penalties: Record<string, number> = {},
): LinearModelFile {
  const heads: LinearModelFile['heads'] = {};
  for (const [head, { bias, weights }] of trained) {
    heads[head] = { bias, ...quantizeWeights(weights), ...(thresholds[head] === undefined ? {} : { threshold: thresholds[head] }), ...(penalties[head] ? { windowPenalty: penalties[head] } : {}) };
  }
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
