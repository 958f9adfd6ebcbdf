import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LinearClassifier, linearModelFileSchema } from '../../src/domain/safety/classifier/linear-classifier.ts';
import { assessJailbreak, isLocalAttack } from '../../src/domain/safety/layers/jailbreak/jailbreak-layer.ts';
import { attackHead } from '../../src/domain/safety/layers/jailbreak/jailbreak-scorer.ts';
import { detectContent } from '../../src/domain/safety/layers/content/content-detector.ts';
import { scannedString } from '../../src/domain/safety/scanned-string.ts';
import { defaultDataV2Directory, isValidationRow, readRows, type JailbreakRowV2 } from './safety-data.ts';

/**
 * Long-document benchmark of the jailbreak and content layers: does length alone get a benign text blocked?
 * Run: node_modules/.bin/node scripts/safety/evaluate-long-documents.ts [--data-v2 <dir>]
 * Prints the share blocked (as deployed: catalog/safety/jailbreak-model.json, its threshold, no judge) of
 * v2's benign texts and of its attacks planted in documents, per length bucket, read as a request and as
 * text a tool fetched (which reads instruction sentences alone at any length), and of this repository's
 * own Markdown files (docs/, README.md, DEVELOPERS.md, tools/), which no model was trained on. The v2
 * rows are in the model's training data: leave-one-source-out numbers for them are in the model file.
 * For the content layer (catalog/safety/content-model.json, as deployed), the v2 benign documents refused,
 * apart for the validation fifth (its stretches are never trained on, see content-document-stretches.ts)
 * and the rest, and this repository's Markdown files it refuses.
 */
const root = new URL('../../', import.meta.url).pathname;
const model = new LinearClassifier(linearModelFileSchema.parse(JSON.parse(readFileSync(join(root, 'catalog/safety/jailbreak-model.json'), 'utf8'))));
const threshold = model.threshold(attackHead) ?? 0.5;
const uncertainFrom = model.uncertainFrom(attackHead) ?? threshold;
const fetchedThreshold = model.fetchedThreshold(attackHead) ?? threshold;
const buckets: [label: string, from: number, below: number][] = [
  ['< 300', 0, 300],
  ['300-599', 300, 600],
  ['600-1,199', 600, 1200],
  ['1,200-2,999', 1200, 3000],
  ['3,000-8,000', 3000, 8001],
  ['> 8,000', 8001, Number.POSITIVE_INFINITY],
];

function score(text: string): number {
  return assessJailbreak(model, [scannedString('document', text)]).score;
}

/** The layer's local verdict (threshold, or a corroborated uncertain score), no judge; as a request. */
function blocks(text: string): boolean {
  return isLocalAttack(assessJailbreak(model, [scannedString('document', text)]), threshold, uncertainFrom);
}

/** The same as fetched text (stage `tool`): instruction sentences read alone at any length, the fetched-text threshold. */
function blocksFetched(text: string): boolean {
  return isLocalAttack(assessJailbreak(model, [scannedString('document', text)], { everySentence: true }), fetchedThreshold, uncertainFrom);
}

function rate(texts: readonly string[], refuses: (text: string) => boolean = blocks): string {
  if (texts.length === 0) return '–';
  const blocked = texts.filter(refuses).length;
  return `${blocked} / ${texts.length} (${((100 * blocked) / texts.length).toFixed(1)}%)`;
}

function markdownFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

const rows = readRows<JailbreakRowV2>(defaultDataV2Directory, 'jailbreak');
const benign = rows.filter((row) => row.label === 0).map((row) => row.text);
const planted = rows.filter((row) => row.label === 1 && /indirect/.test(row.family ?? '')).map((row) => row.text);
const repositoryFiles = [...markdownFiles(join(root, 'docs')), join(root, 'README.md'), join(root, 'DEVELOPERS.md'), ...markdownFiles(join(root, 'tools'))];
const repository = repositoryFiles.map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));

console.log(`threshold ${threshold}, fetched text ${fetchedThreshold}, window penalty ${model.windowPenalty(attackHead)}\n`);
console.log('| characters | v2 benign blocked | v2 planted attacks caught | as fetched text: benign flagged | as fetched text: planted caught | repository Markdown blocked |\n|---|---:|---:|---:|---:|---:|');
for (const [label, from, below] of buckets) {
  const inBucket = (text: string) => text.length >= from && text.length < below;
  console.log(
    `| ${label} | ${rate(benign.filter(inBucket))} | ${rate(planted.filter(inBucket))} | ${rate(benign.filter(inBucket), blocksFetched)} | ${rate(planted.filter(inBucket), blocksFetched)} | ${rate(repository.map((file) => file.text).filter(inBucket))} |`,
  );
}
const blocked = repository.filter((file) => blocks(file.text));
console.log(`\nRepository Markdown blocked: ${blocked.length} of ${repository.length}${blocked.map((file) => `\n- ${file.path} (${file.text.length} chars, score ${score(file.text).toFixed(3)})`).join('')}`);
const flagged = repository.filter((file) => blocksFetched(file.text));
console.log(`Repository Markdown flagged as fetched text: ${flagged.length} of ${repository.length}${flagged.map((file) => `\n- ${file.path} (${file.text.length} chars)`).join('')}`);

const contentModel = new LinearClassifier(linearModelFileSchema.parse(JSON.parse(readFileSync(join(root, 'catalog/safety/content-model.json'), 'utf8'))));
const refusedContent = (text: string) => detectContent(contentModel, text).blocked;
const benignRows = rows.filter((row) => row.label === 0);
console.log('\nContent layer\n\n| characters | v2 benign refused, validation fifth | v2 benign refused, trained on | repository Markdown refused |\n|---|---:|---:|---:|');
for (const [label, from, below] of buckets) {
  const inBucket = (text: string) => text.length >= from && text.length < below;
  const texts = (validation: boolean) => benignRows.filter((row) => isValidationRow(row.text) === validation && inBucket(row.text)).map((row) => row.text);
  console.log(`| ${label} | ${rate(texts(true), refusedContent)} | ${rate(texts(false), refusedContent)} | ${rate(repository.map((file) => file.text).filter(inBucket), refusedContent)} |`);
}
const refused = repository.filter((file) => refusedContent(file.text));
console.log(`\nRepository Markdown refused by the content layer: ${refused.length} of ${repository.length}${refused.map((file) => `\n- ${file.path} (${file.text.length} chars)`).join('')}`);

const eightKilobytes = repository.map((file) => file.text).join('\n').slice(0, 8192);
for (let warm = 0; warm < 50; warm += 1) score(eightKilobytes);
const started = performance.now();
for (let run = 0; run < 200; run += 1) score(eightKilobytes);
console.log(`\nLatency: ${((performance.now() - started) / 200).toFixed(2)} ms per 8 KB document (mean of 200, one core)`);
