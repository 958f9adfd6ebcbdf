import { readFileSync } from 'node:fs';
import { LinearClassifier, linearModelFileSchema } from '../../src/domain/safety/classifier/linear-classifier.ts';

/** The content model file as committed in catalog/safety, parsed. */
const committedContentModelFile = linearModelFileSchema.parse(JSON.parse(readFileSync(new URL('../../catalog/safety/content-model.json', import.meta.url), 'utf8')));

/** The committed content model, as the service loads it. */
export function committedContentModel(): LinearClassifier {
  return new LinearClassifier(committedContentModelFile);
}
