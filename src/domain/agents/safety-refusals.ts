import { AppError } from '../errors.ts';
import type { LayerReport } from '../safety/safety-layer.ts';
import type { SafetyBlock } from '../safety/safety-pipeline.ts';

/** What `meta.safety` holds: whether every layer let the run through, and each layer's report in order. */
export interface SafetyReport {
  passed: boolean;
  layers: LayerReport[];
  /** Set when the first answer was replaced by (or weighed against) one from the next model. */
  regenerated?: 'output_blocked' | 'quality';
}

/**
 * 422 `safety_blocked`: a layer refused the request before any model saw it. With the id of the run stored as
 * blocked; without one when nothing was stored (a run refused before it was started in the background).
 */
export function safetyBlocked(block: SafetyBlock, layers: LayerReport[], runId?: string): AppError {
  return new AppError('safety_blocked', `The request was blocked by the ${block.layer} safety layer (${block.categories.join(', ')})`, {
    ...blockDetails(block),
    ...(runId === undefined ? {} : { runId }),
    safety: { passed: false, layers },
  });
}

/** 422 `safety_blocked` with `stage: tool`: text a tool fetched carried instructions, and the agent refuses such runs. */
export function toolTextBlocked(block: SafetyBlock, layers: LayerReport[], runId: string): AppError {
  return new AppError('safety_blocked', `Text fetched for this run was refused by the ${block.layer} safety layer (${block.categories.join(', ')}): it holds instructions aimed at the assistant`, {
    ...blockDetails(block),
    stage: 'tool',
    runId,
    safety: { passed: false, layers },
  });
}

/** 422 `output_blocked`: the output failed content safety on every model it was generated on. */
export function outputBlocked(block: SafetyBlock, layers: LayerReport[], runId: string): AppError {
  return new AppError('output_blocked', `The output was withheld by the ${block.layer} safety layer (${block.categories.join(', ')}) after regeneration`, {
    ...blockDetails(block),
    runId,
    safety: { passed: false, layers },
  });
}

function blockDetails(block: SafetyBlock) {
  return { layer: block.layer, categories: block.categories, findings: block.findings ?? {} };
}
