import { readSafetyModels, type SafetyModels } from '../../src/adapters/safety/safety-model-files.ts';
import { createSafetyPipeline } from '../../src/domain/safety/create-safety-pipeline.ts';
import type { OutputCritic } from '../../src/domain/safety/layers/critic/output-critic.ts';
import type { JailbreakJudge } from '../../src/domain/safety/layers/jailbreak/jailbreak-layer.ts';
import type { SafetyPipeline } from '../../src/domain/safety/safety-pipeline.ts';

let models: SafetyModels | undefined;

/** The committed safety models, read once per test file. */
export function committedSafetyModels(): SafetyModels {
  models ??= readSafetyModels(new URL('../../catalog/', import.meta.url).pathname);
  return models;
}

/** The real pipeline on the committed models; tests may add a judge or a critic. */
export function testSafetyPipeline(help: { judge?: JailbreakJudge; critic?: OutputCritic } = {}): SafetyPipeline {
  return createSafetyPipeline(committedSafetyModels(), help);
}
