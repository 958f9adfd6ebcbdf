import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { LinearClassifier, linearModelFileSchema } from '../../src/domain/safety/classifier/linear-classifier.ts';
import { assessJailbreak, isLocalAttack } from '../../src/domain/safety/layers/jailbreak/jailbreak-layer.ts';
import { attackHead } from '../../src/domain/safety/layers/jailbreak/jailbreak-scorer.ts';
import { scannedString } from '../../src/domain/safety/scanned-string.ts';
import { benignInstructionPages, hostPages, plantedLineSets, plantedPages } from './data/planted-pages-probe.ts';

/**
 * The jailbreak layer's local verdict (no judge) on written pages it never trained on
 * (data/planted-pages-probe.ts): each set of planted lines in two pages, read as fetched text (the
 * fetched-text threshold, marked sentences alone) and as a request (the request threshold), and the benign
 * pages flagged as fetched text. Prints the lines missed as fetched text with their score. Then the sets of
 * data/agent-directive-sets.json (orders to an agent's tools and steered answers, and benign lines that
 * give people orders about money, accounts and files), each line planted in one of the pages: caught, by
 * the directive check (agent-directives.ts) and by the model, and benign lines flagged.
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

const directiveSets = z
  .object({ sets: z.array(z.object({ name: z.string(), attacks: z.array(z.string()), benign: z.array(z.string()) })) })
  .parse(JSON.parse(readFileSync(new URL('./data/agent-directive-sets.json', import.meta.url), 'utf8')));
/** The page with the line put at its middle line. */
function planted(line: string, index: number): string {
  const lines = (hostPages[index % hostPages.length] as string).split('\n');
  const middle = Math.floor(lines.length / 2);
  return [...lines.slice(0, middle), line, ...lines.slice(middle)].join('\n');
}
console.log('\n| set | attacks | caught in a page | by the directive check | by the model | benign lines | flagged in a page |\n|---|---:|---:|---:|---:|---:|---:|');
for (const { name, attacks, benign } of directiveSets.sets) {
  const read = attacks.map((line, index) => asFetched(planted(line, index)));
  const caught = read.filter((assessment) => isLocalAttack(assessment, fetchedThreshold, uncertainFrom)).length;
  const byRule = read.filter((assessment) => assessment.directive !== undefined).length;
  const byModel = read.filter((assessment) => isLocalAttack({ ...assessment, directive: undefined, extraction: undefined }, fetchedThreshold, uncertainFrom)).length;
  const benignFlagged = benign.filter((line, index) => flagged(planted(line, index))).length;
  console.log(`| ${name} | ${attacks.length} | ${caught} | ${byRule} | ${byModel} | ${benign.length} | ${benignFlagged} |`);
}
