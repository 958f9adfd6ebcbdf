import { readFileSync } from 'node:fs';
import { LinearClassifier, linearModelFileSchema } from '../../src/domain/safety/classifier/linear-classifier.ts';
import { detectContent } from '../../src/domain/safety/layers/content/content-detector.ts';
import { formatSourceRates, type SourceRate } from './content-leave-one-source-out.ts';
import { evaluateBinary, type BinaryEvaluation, type LabelledText } from './evaluate-binary.ts';
import { businessPromptsUrl, defaultDataDirectory, fingerprint, option, readJsonl, readRows, trainedFingerprints, v2DataDirectory, type ContentRow, type JailbreakRow } from './safety-data.ts';

/** Where the service loads the content model from. */
export const contentModelUrl = new URL('../../catalog/safety/content-model.json', import.meta.url);

/** What loading the committed content model gives: the classifier and what its file records about its training. */
export interface LoadedContentModel {
  model: LinearClassifier;
  /** Fingerprints of the rows it was trained on. */
  trainedFingerprints: Set<string>;
  /** The validation results recorded when it was trained (counts, precision, recall, falsePositiveRate, …) on posts and comments. */
  recordedValidation: Record<string, number>;
  /** The same on requests (harmful requests, look-alikes, identity mentions). */
  recordedRequestValidation: Record<string, number>;
  /** Recall per harmful source and false-positive rate per benign source, each source scored by models trained without it. */
  leaveOneSourceOut: SourceRate[];
}

/** The numbers of a recorded result, without its tables. */
function numbersOf(value: unknown): Record<string, number> {
  return typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === 'number')) : {};
}

/** The committed content model, validated as the service validates it. */
export function loadContentModel(url: URL = contentModelUrl): LoadedContentModel {
  const file = linearModelFileSchema.parse(JSON.parse(readFileSync(url, 'utf8')));
  const { validation, requestValidation, leaveOneSourceOut } = file.training as { validation?: unknown; requestValidation?: unknown; leaveOneSourceOut?: unknown };
  return {
    model: new LinearClassifier(file),
    trainedFingerprints: trainedFingerprints(file.training),
    recordedValidation: numbersOf(validation),
    recordedRequestValidation: numbersOf(requestValidation),
    leaveOneSourceOut: Array.isArray(leaveOneSourceOut) ? (leaveOneSourceOut as SourceRate[]) : [],
  };
}

/** The business prompts as benign content rows. */
export function businessPromptRows(url: URL = businessPromptsUrl): ContentRow[] {
  return readJsonl<{ text: string; source?: string }>(url).map(({ text, source }) => ({ text, flagged: false, categories: [], source: source ?? 'business-prompts' }));
}

/**
 * Runs the content detector (the layer's own steps: normalise, decode, assess) over labelled rows the model
 * was not trained on. A text counts as caught when the layer would block or flag it.
 */
export function evaluateContent(rows: readonly ContentRow[], model: LinearClassifier, trainedFingerprints: ReadonlySet<string> = new Set()): BinaryEvaluation {
  const unseen: LabelledText[] = rows.filter((row) => !trainedFingerprints.has(fingerprint(row.text))).map((row) => ({ text: row.text, label: row.flagged, source: row.source }));
  return evaluateBinary(unseen, (text) => {
    const detection = detectContent(model, text);
    return { caught: detection.flagged, score: detection.score };
  });
}

const decimals = (value: number) => value.toFixed(3);

/** The evaluation as a small text table; a measure the rows cannot give (recall without flagged rows) shows as "-". */
export function formatContentEvaluation(title: string, evaluation: BinaryEvaluation): string {
  const { metrics, latency } = evaluation;
  const hasPositives = metrics.truePositives + metrics.falseNegatives > 0;
  const hasNegatives = metrics.falsePositives + metrics.trueNegatives > 0;
  const cell = (value: number, known: boolean, width: number) => (known ? decimals(value) : '-').padEnd(width);
  const lines = [
    title,
    'rows   precision  recall  f1     fpr    recall@1%fpr  p50 ms  p99 ms',
    [
      String(evaluation.rows).padEnd(6),
      cell(metrics.precision, hasPositives, 10),
      cell(metrics.recall, hasPositives, 7),
      cell(metrics.f1, hasPositives, 6),
      cell(metrics.falsePositiveRate, hasNegatives, 6),
      cell(evaluation.recallAtOnePercentFalsePositives, hasPositives && hasNegatives, 13),
      latency.p50Ms.toFixed(4).padEnd(7),
      latency.p99Ms.toFixed(4),
    ].join(' '),
    'source                        label     rows   rate',
    ...evaluation.bySource.map((entry) => `${entry.source.padEnd(30)}${(entry.label ? 'flagged' : 'benign').padEnd(10)}${String(entry.rows).padStart(4)}   ${decimals(entry.rate)} ${entry.label ? 'recall' : 'fpr'}`),
  ];
  return lines.join('\n');
}

// `node scripts/safety/evaluate-content.ts [--data <folder>] [--data-v2 <folder>]`: the content rows of both
// data sets the committed model did not train on, the business prompts (which must practically never be
// flagged), the jailbreak data's benign prompts, then the leave-one-source-out rates recorded at training.
if (import.meta.main) {
  const { model, trainedFingerprints, leaveOneSourceOut } = loadContentModel();
  const dataDirectory = option('data') ?? defaultDataDirectory;
  const rows = readRows<ContentRow>(dataDirectory, 'content');
  const benignPrompts = readRows<JailbreakRow>(dataDirectory, 'jailbreak')
    .filter((row) => row.label === 0)
    .map((row): ContentRow => ({ text: row.text, flagged: false, categories: [], source: row.source }));
  // A first pass warms the JIT so the latency below is the steady state.
  evaluateContent(rows.slice(0, 500), model);
  console.log(formatContentEvaluation('content rows not trained on', evaluateContent(rows, model, trainedFingerprints)));
  console.log();
  const requests = readRows<ContentRow>(v2DataDirectory(dataDirectory), 'content');
  console.log(formatContentEvaluation('harmful requests, look-alikes and identity mentions not trained on', evaluateContent(requests, model, trainedFingerprints)));
  console.log();
  console.log(formatContentEvaluation('business prompts (all benign)', evaluateContent(businessPromptRows(), model, trainedFingerprints)));
  console.log();
  console.log(formatContentEvaluation('benign prompts of the jailbreak data not trained on', evaluateContent(benignPrompts, model, trainedFingerprints)));
  console.log('\nleave one source out (recorded at training: each source scored by models trained without it)');
  console.log(formatSourceRates(leaveOneSourceOut));
}
