import type { SafetyVerdictCounts } from '../../ports/analytics-repository.ts';

/**
 * Two sets of safety verdict counts added up, layer by layer: what a total over several groups reports, so
 * an operator sees how often a layer in `flag` mode would have blocked before turning it to `block`.
 */
export function addSafetyCounts(left: SafetyVerdictCounts, right: SafetyVerdictCounts): SafetyVerdictCounts {
  return { flagged: addByLayer(left.flagged, right.flagged), blocked: addByLayer(left.blocked, right.blocked) };
}

function addByLayer(left: Readonly<Record<string, number>>, right: Readonly<Record<string, number>>): Record<string, number> {
  const sum: Record<string, number> = { ...left };
  for (const [layer, count] of Object.entries(right)) sum[layer] = (sum[layer] ?? 0) + count;
  return sum;
}
