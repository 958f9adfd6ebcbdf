import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LinearClassifier, linearModelFileSchema } from '../../domain/safety/classifier/linear-classifier.ts';
import { InvalidDataError } from '../../domain/invalid-data-error.ts';

export interface SafetyModels {
  jailbreak: LinearClassifier;
  content: LinearClassifier;
}

/** The trained safety models, from `<catalog>/safety/` (written by `npm run train:safety`), validated. */
export function readSafetyModels(catalogDir: string): SafetyModels {
  return {
    jailbreak: readModel(join(catalogDir, 'safety', 'jailbreak-model.json')),
    content: readModel(join(catalogDir, 'safety', 'content-model.json')),
  };
}

function readModel(path: string): LinearClassifier {
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new InvalidDataError(path, [(error as Error).message]);
  }
  const parsed = linearModelFileSchema.safeParse(content);
  if (!parsed.success) throw new InvalidDataError(path, parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  try {
    return new LinearClassifier(parsed.data);
  } catch (error) {
    throw new InvalidDataError(path, [(error as Error).message]);
  }
}
