import { writeFileSync } from 'node:fs';
import type { LinearModelFile } from '../../src/domain/safety/classifier/linear-classifier.ts';
import { defaultDataDirectory, option } from './safety-data.ts';
import { trainContentModel } from './train-content-model.ts';
import { trainJailbreakModel } from './train-jailbreak-model.ts';

/**
 * Trains the safety models from the labelled data and writes them to catalog/safety/, where the service
 * loads them. Seeded: the same data gives the same files. Run: npm run train:safety [-- --data <dir>]
 * [-- --only content|jailbreak] (one model only).
 */
const dataDirectory = option('data') ?? defaultDataDirectory;
const catalog = new URL('../../catalog/safety/', import.meta.url);
const models: Record<string, (directory: string) => LinearModelFile> = {
  'jailbreak-model.json': trainJailbreakModel,
  'content-model.json': trainContentModel,
};

const only = option('only');
if (only !== undefined && !Object.keys(models).includes(`${only}-model.json`)) throw new Error(`--only takes content or jailbreak, not "${only}"`);

for (const [file, train] of Object.entries(models)) {
  if (only !== undefined && file !== `${only}-model.json`) continue;
  const started = performance.now();
  const model = train(dataDirectory);
  writeFileSync(new URL(file, catalog), `${JSON.stringify(model)}\n`);
  const { validation } = model.training as { validation?: Record<string, number> };
  console.log(`${file}: trained in ${((performance.now() - started) / 1000).toFixed(1)} s; validation ${JSON.stringify(validation)}`);
}
