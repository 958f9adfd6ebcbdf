import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LinearClassifier, linearModelFileSchema } from '../../src/domain/safety/classifier/linear-classifier.ts';
import { detectContent } from '../../src/domain/safety/layers/content/content-detector.ts';
import { defaultDataV2Directory, isValidationRow, readRows, type JailbreakRowV2 } from './safety-data.ts';

/**
 * Long-document benchmark of the content layer: how many benign documents of 300 characters and more
 * (v2's technical docs, minutes, contracts, policies, licences, code) the shipped content model refuses,
 * per length bucket, apart for the validation fifth (never trained on, see content-document-stretches.ts)
 * and for the documents whose stretches were trained on. Lists the refused validation documents.
 * Run: node_modules/.bin/node scripts/safety/evaluate-content-documents.ts
 */
const root = new URL('../../', import.meta.url).pathname;
const model = new LinearClassifier(linearModelFileSchema.parse(JSON.parse(readFileSync(join(root, 'catalog/safety/content-model.json'), 'utf8'))));
const buckets: [label: string, from: number, below: number][] = [
  ['300-599', 300, 600],
  ['600-1,199', 600, 1200],
  ['1,200-2,999', 1200, 3000],
  ['3,000-10,000', 3000, 10_001],
];
const documents = readRows<JailbreakRowV2>(defaultDataV2Directory, 'jailbreak').filter((row) => row.label === 0 && row.text.length >= 300);
const refused = new Set(documents.filter((row) => detectContent(model, row.text).blocked));

const rate = (rows: readonly JailbreakRowV2[]) => {
  const blocked = rows.filter((row) => refused.has(row)).length;
  return rows.length === 0 ? '–' : `${blocked} / ${rows.length} (${((100 * blocked) / rows.length).toFixed(1)}%)`;
};
console.log('| characters | validation documents refused | trained documents refused |\n|---|---:|---:|');
for (const [label, from, below] of [...buckets, ['all', 300, 10_001] as [string, number, number]]) {
  const inBucket = documents.filter((row) => row.text.length >= from && row.text.length < below);
  console.log(`| ${label} | ${rate(inBucket.filter((row) => isValidationRow(row.text)))} | ${rate(inBucket.filter((row) => !isValidationRow(row.text)))} |`);
}
for (const row of documents.filter((entry) => refused.has(entry) && isValidationRow(entry.text))) console.log(`- ${row.source} (${row.text.length} chars): ${row.text.slice(0, 80).replace(/\s+/g, ' ')}`);
