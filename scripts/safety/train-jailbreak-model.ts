import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LinearClassifier, quantizeWeights, type LinearModelFile } from '../../src/domain/safety/classifier/linear-classifier.ts';
import { attackHead, scoreJailbreak } from '../../src/domain/safety/layers/jailbreak/jailbreak-scorer.ts';
import { normalizeText } from '../../src/domain/safety/text/normalize-text.ts';
import { chooseFetchedThreshold, isDocumentGroup } from './jailbreak-fetched-threshold.ts';
import { chooseDecision, heldOutTable, leaveOneSourceOut, type JailbreakDecision } from './jailbreak-leave-one-source-out.ts';
import { jailbreakTrainingRows } from './jailbreak-training-rows.ts';
import { trainOnWindows, windowBag, type TrainedWeights, type WindowTrainingOptions } from './jailbreak-window-training.ts';
import { countAt, metricsOf, recallAtFalsePositiveRate } from './metrics.ts';
import { defaultDataDirectory, fingerprint, isValidationRow, option, v2DataDirectory } from './safety-data.ts';

const dimensions = 1 << 18;
export const defaultJailbreakTrainingOptions: WindowTrainingOptions = { dimensions, epochs: 25, learningRate: 0.2, l2: 1e-6, rounds: 2, riskiestPerAttack: 1 };
/** The decision threshold allows at most this share of held-out benign texts to be blocked. */
const targetFalsePositiveRate = 0.01;
/** Scores between this share's threshold and the decision threshold are "uncertain": a judge model may look. */
const uncertainFalsePositiveRate = 0.05;
/** Text a tool fetched: at most this share of held-out benign documents flagged (a margin under 1%). */
const fetchedFalsePositiveRate = 0.0075;

/**
 * Trains the jailbreak model on windows of v1 + v2 + the service's own rows (see jailbreak-window-training),
 * chooses the window penalty and threshold from leave-one-source-out scores (at most 1% of held-out benign
 * texts and of held-out benign documents blocked), then trains the final model on everything but v1's
 * validation fifth, which eval:safety reads. Seeded, so the same data gives the same file.
 * The v2 data is read from `--data-v2`, else from `safety-v2/` next to the v1 folder.
 */
export function trainJailbreakModel(dataDirectory: string, overrides: Partial<WindowTrainingOptions> = {}): LinearModelFile {
  const options = { ...defaultJailbreakTrainingOptions, ...overrides };
  const rows = jailbreakTrainingRows(dataDirectory, v2DataDirectory(dataDirectory));
  const bags = rows.map((row) => windowBag(row.text, row.label, dimensions, row.weight));

  const { scores: heldOut, kept } = leaveOneSourceOut(rows, bags, options, isDocumentGroup);
  const decision = chooseDecision(rows, heldOut, targetFalsePositiveRate, uncertainFalsePositiveRate);
  const fetched = chooseFetchedThreshold(rows, kept, decision, dimensions, fetchedFalsePositiveRate);

  const isValidation = (index: number) => rows[index]?.version === 1 && isValidationRow((rows[index] as { text: string }).text);
  const final = trainOnWindows(bags, (index) => !isValidation(index), options);
  const classifier = new LinearClassifier(modelFile(final, decision, fetched.threshold, {}));
  const scoredValidation = rows.filter((_, index) => isValidation(index)).map((row) => ({ score: scoreJailbreak(classifier, normalizeText(row.text).text).score, label: row.label === 1 }));

  return modelFile(final, decision, fetched.threshold, {
    data: { rows: rows.length, attacks: rows.filter((row) => row.label === 1).length, windows: bags.reduce((sum, bag) => sum + bag.windows.length, 0) },
    split: 'threshold and window penalty from leave-one-source-out scores (v1 sources, v2 attack families, v2 document collections with their injected copies); final model on all rows but v1 rows whose fingerprint starts with A–M',
    options,
    decision: rounded(decision),
    fetchedDecision: rounded(fetched),
    leaveOneSourceOut: heldOutTable(rows, heldOut, decision),
    validation: { ...rounded(metricsOf(countAt(scoredValidation, decision.threshold))), recallAtOnePercent: recallAtFalsePositiveRate(scoredValidation, 0.01) },
    fingerprints: rows.filter((_, index) => !isValidation(index)).map((row) => fingerprint(row.text)),
  });
}

function modelFile(trained: TrainedWeights, decision: JailbreakDecision, fetchedThreshold: number, training: Record<string, unknown>): LinearModelFile {
  const { threshold, uncertainFrom, windowPenalty } = decision;
  return {
    format: 'hashed-logistic-regression/1',
    dimensions,
    heads: {
      [attackHead]: { bias: trained.bias, ...quantizeWeights(trained.weights), threshold, uncertainFrom, fetchedThreshold, windowPenalty },
    },
    training,
  };
}

function rounded(values: object): Record<string, number> {
  return Object.fromEntries(Object.entries(values as Record<string, number>).map(([name, value]) => [name, round4(value)]));
}

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/**
 * Run on its own (`node scripts/safety/train-jailbreak-model.ts [--data <dir>] [--data-v2 <dir>]`), it trains
 * only this model, writes catalog/safety/jailbreak-model.json and prints the leave-one-source-out table.
 */
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const model = trainJailbreakModel(option('data') ?? defaultDataDirectory);
  writeFileSync(new URL('../../catalog/safety/jailbreak-model.json', import.meta.url), `${JSON.stringify(model)}\n`);
  const { decision, fetchedDecision, leaveOneSourceOut: table, validation } = model.training as { decision: object; fetchedDecision: object; leaveOneSourceOut: ReturnType<typeof heldOutTable>; validation: object };
  console.log(`decision ${JSON.stringify(decision)}\nfetched text ${JSON.stringify(fetchedDecision)}\nvalidation ${JSON.stringify(validation)}\n`);
  console.log('| held-out group | attacks | recall | benign | FPR |\n|---|---:|---:|---:|---:|');
  for (const entry of table) console.log(`| ${entry.group} | ${entry.attacks} | ${entry.recall ?? ''} | ${entry.benign} | ${entry.falsePositiveRate ?? ''} |`);
}
