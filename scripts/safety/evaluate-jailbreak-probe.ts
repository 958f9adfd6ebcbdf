import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LinearClassifier, linearModelFileSchema } from '../../src/domain/safety/classifier/linear-classifier.ts';
import { createJailbreakLayer } from '../../src/domain/safety/layers/jailbreak/jailbreak-layer.ts';
import { scannedString } from '../../src/domain/safety/scanned-string.ts';
import { defaultSafetyPolicy } from '../../src/domain/safety/safety-policy.ts';
import { z } from 'zod';
import { probeRowsUrl, readJsonl, type JailbreakProbeRow } from './safety-data.ts';

/**
 * The jailbreak layer's block decision (as deployed: catalog/safety/jailbreak-model.json, its threshold, no
 * judge) on scripts/safety/data/jailbreak-probe.jsonl, a file of written attacks and benign look-alikes no
 * model is trained on. Prints recall and false-positive rate per family and every row decided wrongly; then
 * the sets of data/jailbreak-written-sets.json (attacks and benign prompts written by someone who had not
 * seen the layer): how many of each the layer blocks.
 * Run: node_modules/.bin/node scripts/safety/evaluate-jailbreak-probe.ts [--quiet]
 */
const root = new URL('../../', import.meta.url).pathname;
const model = new LinearClassifier(linearModelFileSchema.parse(JSON.parse(readFileSync(join(root, 'catalog/safety/jailbreak-model.json'), 'utf8'))));
const layer = createJailbreakLayer(model);
const rows = readJsonl<JailbreakProbeRow>(probeRowsUrl);
const quiet = process.argv.includes('--quiet');

const families = new Map<string, { label: 0 | 1; rows: number; blocked: number; wrong: string[] }>();
for (const row of rows) {
  const { report } = await layer.scan([scannedString('prompt', row.text)], { stage: 'input', policy: defaultSafetyPolicy });
  const blocked = report.verdict === 'block';
  const entry = families.get(row.family) ?? { label: row.label, rows: 0, blocked: 0, wrong: [] };
  entry.rows += 1;
  if (blocked) entry.blocked += 1;
  if (blocked !== (row.label === 1)) entry.wrong.push(`${report.score.toFixed(3)} ${row.text.replaceAll('\n', ' ').slice(0, 120)}`);
  families.set(row.family, entry);
}

const total = (label: 0 | 1) => [...families.values()].filter((entry) => entry.label === label).reduce((sum, entry) => ({ rows: sum.rows + entry.rows, blocked: sum.blocked + entry.blocked }), { rows: 0, blocked: 0 });
console.log('| family | label | rows | blocked |\n|---|---:|---:|---:|');
for (const [family, entry] of [...families].sort(([a], [b]) => a.localeCompare(b))) console.log(`| ${family} | ${entry.label} | ${entry.rows} | ${entry.blocked} |`);
const attacks = total(1);
const benign = total(0);
console.log(`\nrecall ${(attacks.blocked / attacks.rows).toFixed(3)} (${attacks.blocked}/${attacks.rows}), false positives ${(benign.blocked / benign.rows).toFixed(3)} (${benign.blocked}/${benign.rows})`);
if (!quiet) for (const [family, entry] of families) for (const line of entry.wrong) console.log(`${entry.label === 1 ? 'missed' : 'blocked'} [${family}] ${line}`);

const writtenSets = z
  .object({ sets: z.array(z.object({ name: z.string(), attacks: z.array(z.string()), benign: z.array(z.string()) })) })
  .parse(JSON.parse(readFileSync(new URL('./data/jailbreak-written-sets.json', import.meta.url), 'utf8')));
const blockedCount = async (texts: readonly string[]) => {
  let blocked = 0;
  for (const text of texts) if ((await layer.scan([scannedString('prompt', text)], { stage: 'input', policy: defaultSafetyPolicy })).report.verdict === 'block') blocked += 1;
  return blocked;
};
console.log('\n| written set | attacks blocked | benign blocked |\n|---|---:|---:|');
for (const { name, attacks, benign } of writtenSets.sets) console.log(`| ${name} | ${await blockedCount(attacks)} / ${attacks.length} | ${await blockedCount(benign)} / ${benign.length} |`);
