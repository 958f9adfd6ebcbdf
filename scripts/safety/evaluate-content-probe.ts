import { readSafetyModels } from '../../src/adapters/safety/safety-model-files.ts';
import { createSafetyPipeline } from '../../src/domain/safety/create-safety-pipeline.ts';
import { detectContent } from '../../src/domain/safety/layers/content/content-detector.ts';
import { defaultSafetyPolicy } from '../../src/domain/safety/safety-policy.ts';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { contentProbeUrl, readJsonl } from './safety-data.ts';

/** One row of the content probe: authored, never trained on (see train-content-model.ts). */
export interface ProbeRow {
  text: string;
  flagged: boolean;
  category: string;
  style: string;
}

/**
 * Sends every probe row through the service's input screen (all layers, default policy) and reports, per
 * category and style, how many are blocked, with the content layer's own verdict beside it; then lists the
 * rows decided wrongly. Then the written sets of data/harm-request-sets.json (harmful requests and their
 * look-alikes, each written by someone who had not seen the rules): how many of each the input screen
 * blocks. Run: node scripts/safety/evaluate-content-probe.ts [--quiet]
 */
const catalog = new URL('../../catalog/', import.meta.url).pathname;
const models = readSafetyModels(catalog);
const pipeline = createSafetyPipeline(models);
const rows = readJsonl<ProbeRow>(contentProbeUrl);
const groups = new Map<string, { rows: number; blocked: number; content: number }>();
const wrong: string[] = [];
const add = (key: string, blocked: boolean, content: boolean) => {
  const entry = groups.get(key) ?? { rows: 0, blocked: 0, content: 0 };
  entry.rows += 1;
  if (blocked) entry.blocked += 1;
  if (content) entry.content += 1;
  groups.set(key, entry);
};
for (const row of rows) {
  const screened = await pipeline.screenInput({ prompt: row.text }, defaultSafetyPolicy, new Set());
  const blocked = screened.blocked !== undefined;
  const content = detectContent(models.content, row.text).blocked;
  const label = row.flagged ? 'harmful' : 'benign';
  add(`${label} (all)`, blocked, content);
  add(`${label} category ${row.category}`, blocked, content);
  if (row.flagged) add(`${label} style ${row.style}`, blocked, content);
  if (blocked !== row.flagged) wrong.push(`${row.flagged ? 'missed' : 'blocked'} [${row.category}] ${blocked ? `(${screened.blocked?.layer}) ` : ''}${row.text}`);
}
console.log('| group | rows | blocked (pipeline) | blocked (content layer) |');
console.log('| --- | ---: | ---: | ---: |');
for (const [key, entry] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`| ${key} | ${entry.rows} | ${entry.blocked} (${(entry.blocked / entry.rows).toFixed(3)}) | ${entry.content} (${(entry.content / entry.rows).toFixed(3)}) |`);
}
if (!process.argv.includes('--quiet')) for (const line of wrong) console.log(line);

const harmSets = z
  .object({ sets: z.array(z.object({ name: z.string(), harmful: z.array(z.string()), benign: z.array(z.string()) })) })
  .parse(JSON.parse(readFileSync(new URL('./data/harm-request-sets.json', import.meta.url), 'utf8')));
const blockedCount = async (texts: readonly string[]) => {
  let blocked = 0;
  for (const text of texts) if ((await pipeline.screenInput({ prompt: text }, defaultSafetyPolicy, new Set())).blocked !== undefined) blocked += 1;
  return blocked;
};
console.log('\n| written set | harmful blocked | look-alikes blocked |\n| --- | ---: | ---: |');
for (const { name, harmful, benign } of harmSets.sets) console.log(`| ${name} | ${await blockedCount(harmful)} / ${harmful.length} | ${await blockedCount(benign)} / ${benign.length} |`);
