import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { findPii } from '../../src/domain/safety/layers/pii/find-pii.ts';
import { percentile } from './metrics.ts';
import { defaultDataDirectory, isValidationRow, option, readJsonl, readRows, type PiiRow } from './safety-data.ts';

export interface PiiTypeMetrics {
  type: string;
  gold: number;
  predicted: number;
  truePositives: number;
  precision: number;
  recall: number;
  f1: number;
}

/** A gold span no prediction matched (`missed`) or a prediction no gold span matched (`extra`). */
export interface PiiError {
  kind: 'missed' | 'extra';
  type: string;
  value: string;
  context: string;
}

export interface PiiEvaluation {
  types: PiiTypeMetrics[];
  errors: PiiError[];
  latency: { p50Ms: number; p99Ms: number };
}

/** The data's entity names for the types this layer finds; other gold types are not evaluated. */
export const goldTypes: Readonly<Record<string, string>> = {
  EMAIL_ADDRESS: 'email',
  PHONE_NUMBER: 'phone',
  CREDIT_CARD: 'card',
  IBAN_CODE: 'iban',
  US_SSN: 'ssn',
  IP_ADDRESS: 'ip',
};

const evaluatedTypes = Object.values(goldTypes);

/**
 * Runs `findPii` over labelled rows. A prediction of type T is a true positive when it overlaps a gold span
 * of type T not matched before; each gold span matches at most once. Any other prediction (including one
 * over a date, a ZIP code or a licence number) is a false positive.
 */
export function evaluatePii(rows: readonly PiiRow[]): PiiEvaluation {
  const counts = new Map(evaluatedTypes.map((type) => [type, { gold: 0, predicted: 0, truePositives: 0 }]));
  const durations: number[] = [];
  const errors: PiiError[] = [];
  for (const row of rows) {
    const started = performance.now();
    const findings = findPii(row.text);
    durations.push(performance.now() - started);
    const gold = row.spans.flatMap((span) => {
      const type = goldTypes[span.type];
      return type === undefined ? [] : [{ type, start: span.start, end: span.end, matched: false }];
    });
    for (const span of gold) {
      const entry = counts.get(span.type);
      if (entry !== undefined) entry.gold += 1;
    }
    for (const finding of findings) {
      const entry = counts.get(finding.type);
      if (entry === undefined) continue;
      entry.predicted += 1;
      const match = gold.find((span) => !span.matched && span.type === finding.type && span.start < finding.end && finding.start < span.end);
      if (match === undefined) {
        errors.push(errorAt(row.text, 'extra', finding));
        continue;
      }
      match.matched = true;
      entry.truePositives += 1;
    }
    for (const span of gold) if (!span.matched) errors.push(errorAt(row.text, 'missed', span));
  }
  const types = [...counts].map(([type, { gold, predicted, truePositives }]) => {
    const precision = predicted > 0 ? truePositives / predicted : 1;
    const recall = gold > 0 ? truePositives / gold : 1;
    const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
    return { type, gold, predicted, truePositives, precision, recall, f1 };
  });
  return { types, errors, latency: { p50Ms: percentile(durations, 0.5), p99Ms: percentile(durations, 0.99) } };
}

function errorAt(text: string, kind: PiiError['kind'], span: { type: string; start: number; end: number }): PiiError {
  const context = text.slice(Math.max(0, span.start - 40), span.end + 20).replace(/\s+/g, ' ');
  return { kind, type: span.type, value: text.slice(span.start, span.end), context };
}

/** The handwritten holdout: business texts built by data/generate-pii-holdout.ts, apart from the dev data. */
export const holdoutFile = new URL('./data/pii-holdout.jsonl', import.meta.url).pathname;

/** The rows of one `.jsonl` file in the dev data's format. */
export function readPiiFile(path: string): PiiRow[] {
  return readJsonl<PiiRow>(path);
}

function printEvaluation(title: string, evaluation: PiiEvaluation, showErrors: boolean): void {
  console.log(`\n${title}`);
  console.log('type     gold  predicted  tp    precision  recall  f1');
  for (const row of evaluation.types) {
    const cells = [row.type.padEnd(8), String(row.gold).padStart(4), String(row.predicted).padStart(10), String(row.truePositives).padStart(4)];
    console.log(`${cells.join(' ')}    ${row.precision.toFixed(3)}      ${row.recall.toFixed(3)}   ${row.f1.toFixed(3)}`);
  }
  console.log(`latency per row: p50 ${evaluation.latency.p50Ms.toFixed(4)} ms, p99 ${evaluation.latency.p99Ms.toFixed(4)} ms`);
  if (!showErrors) return;
  for (const error of evaluation.errors) console.log(`  ${error.kind.padEnd(6)} ${error.type.padEnd(6)} ${JSON.stringify(error.value)} in ${JSON.stringify(error.context)}`);
}

// `node scripts/safety/evaluate-pii.ts [--data <folder>] [--file <rows.jsonl>] [--errors]`: the dev data's
// tuning, validation and all rows, then the holdout fixture; with --file, that file's rows only. --errors
// lists every missed and extra finding.
if (import.meta.main) {
  const showErrors = process.argv.includes('--errors');
  const file = option('file');
  const sets: [string, PiiRow[]][] = [];
  if (file === undefined) {
    const rows = readRows<PiiRow>(option('data') ?? defaultDataDirectory, 'pii');
    sets.push(['tuning rows', rows.filter((row) => !isValidationRow(row.text))], ['validation rows', rows.filter((row) => isValidationRow(row.text))], ['all rows', rows]);
    if (existsSync(holdoutFile)) sets.push(['holdout rows', readPiiFile(holdoutFile)]);
  } else {
    sets.push([file, readPiiFile(file)]);
  }
  // A first pass warms the JIT so the latency below is the steady state.
  for (const [, rows] of sets) evaluatePii(rows);
  for (const [title, rows] of sets) printEvaluation(`${title} (${rows.length})`, evaluatePii(rows), showErrors && title !== 'all rows');
}
