import type { BilledCall } from '../routing/failover.ts';
import { priceUsage } from '../routing/model-registry.ts';

export interface RunUsage {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

/** Tokens and cost of every model call a run made that answered, each priced by its own model. */
export function totalUsage(calls: readonly BilledCall[]): RunUsage {
  const total = { inputTokens: 0, outputTokens: 0, costUsd: 0 };
  for (const call of calls) {
    total.inputTokens += call.usage.inputTokens;
    total.outputTokens += call.usage.outputTokens;
    total.costUsd += priceUsage(call.model, call.usage);
  }
  return { ...total, costUsd: Math.round(total.costUsd * 1e8) / 1e8 };
}
