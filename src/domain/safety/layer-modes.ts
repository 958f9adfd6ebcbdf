import type { LayerReport, SafetyPolicy, SafetyStage } from './safety-layer.ts';

/** The layers whose findings a policy may block, flag or turn off. */
export type ModedLayer = 'jailbreak' | 'content';

type Report = Omit<LayerReport, 'layer' | 'stage' | 'ms'>;

/** Whether the policy turns the layer off at a stage. The tool stage follows `toolInjection`, not the jailbreak mode. */
export function isLayerOff(policy: SafetyPolicy, layer: ModedLayer, stage: SafetyStage): boolean {
  if (layer === 'jailbreak' && stage === 'tool') return policy.toolInjection === 'off';
  return policy[layer]?.mode === 'off';
}

/**
 * A layer's report as the policy reads it. First the threshold, when the policy sets one: for jailbreak the
 * score decides alone (at or above it is an attack, below it is not, whatever the layer's own bar or judge
 * said); for content it only raises the bar, since the layer blocks by category: a blocking finding that
 * scores below it is reported as `flag`. Then the mode: under `flag` a `block` becomes `flag` (the run is
 * answered, the verdict recorded). The tool stage's mode is applied by the tool-text screening.
 */
export function withLayerPolicy(layer: ModedLayer, stage: SafetyStage, report: Report, policy: SafetyPolicy): Report {
  const layerPolicy = policy[layer];
  if (!layerPolicy) return report;
  const thresholded = layerPolicy.threshold === undefined ? report : withThreshold(layer, stage, report, layerPolicy.threshold);
  if (stage === 'tool' || layerPolicy.mode !== 'flag' || thresholded.verdict !== 'block') return thresholded;
  return { ...thresholded, verdict: 'flag' };
}

function withThreshold(layer: ModedLayer, stage: SafetyStage, report: Report, threshold: number): Report {
  if (layer === 'content') return report.verdict === 'block' && report.score < threshold ? { ...report, verdict: 'flag' } : report;
  if (report.score < threshold) return { ...report, verdict: 'pass', categories: [] };
  // The layer's own bar may have let the text through: name what it is taken for, as the layer would.
  const categories = report.categories.length > 0 ? report.categories : [stage === 'tool' ? 'prompt_injection' : 'jailbreak'];
  return { ...report, verdict: 'block', categories };
}
