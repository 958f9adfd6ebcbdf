import { readFileSync } from 'node:fs';
import { LinearClassifier, linearModelFileSchema } from '../../src/domain/safety/classifier/linear-classifier.ts';
import { assessJailbreak, isLocalAttack } from '../../src/domain/safety/layers/jailbreak/jailbreak-layer.ts';
import { attackHead } from '../../src/domain/safety/layers/jailbreak/jailbreak-scorer.ts';
import { scannedString } from '../../src/domain/safety/scanned-string.ts';
import { benignInstructionPages, hostPages, plantedLineSets, plantedPages } from './data/planted-pages-probe.ts';

/**
 * The jailbreak layer's local verdict (no judge) on written pages it never trained on
 * (data/planted-pages-probe.ts): each set of planted lines in two pages, read as fetched text (the
 * fetched-text threshold, marked sentences alone) and as a request (the request threshold), and the benign
 * pages flagged as fetched text. Prints the lines missed as fetched text with their score.
 * Run: node_modules/.bin/node scripts/safety/evaluate-planted-pages.ts [model file]
 */
const file = process.argv[2] ?? new URL('../../catalog/safety/jailbreak-model.json', import.meta.url).pathname;
const model = new LinearClassifier(linearModelFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))));
const requestThreshold = model.threshold(attackHead) ?? 0.5;
const fetchedThreshold = model.fetchedThreshold(attackHead) ?? requestThreshold;
const uncertainFrom = model.uncertainFrom(attackHead) ?? requestThreshold;

const asFetched = (text: string) => assessJailbreak(model, [scannedString('page', text)], { everySentence: true });
const flagged = (text: string) => isLocalAttack(asFetched(text), fetchedThreshold, uncertainFrom);
const blocked = (text: string) => isLocalAttack(assessJailbreak(model, [scannedString('page', text)]), requestThreshold, uncertainFrom);

console.log(`fetched-text threshold ${fetchedThreshold.toFixed(4)}, request threshold ${requestThreshold.toFixed(4)}\n`);
console.log('| planted lines | pages | caught as fetched text | blocked as a request |\n|---|---:|---:|---:|');
const missed: string[] = [];
for (const [name, lines] of Object.entries(plantedLineSets)) {
  const pages = plantedPages(lines);
  const caught = pages.filter((page) => flagged(page.text));
  for (const page of pages) if (!caught.includes(page)) missed.push(`[${name}] ${asFetched(page.text).score.toFixed(3)} ${page.line}`);
  console.log(`| ${name} | ${pages.length} | ${caught.length} | ${pages.filter((page) => blocked(page.text)).length} |`);
}
const benign = [...hostPages, ...benignInstructionPages];
const benignFlagged = benign.filter(flagged);
console.log(`\nbenign pages flagged as fetched text: ${benignFlagged.length} of ${benign.length}`);
for (const page of benignFlagged) console.log(`- ${page.slice(0, 80).replace(/\n/g, ' ')}`);
console.log(`\nmissed as fetched text:\n${[...new Set(missed)].map((line) => `- ${line}`).join('\n')}`);
