import type { AgentTool, ToolDescriptor } from '../agent-tool.ts';
import { unitEconomicsMetrics, type UnitEconomicsInputs } from './unit-economics-metrics.ts';

export const unitEconomicsDescriptor: ToolDescriptor = {
  name: 'unit-economics',
  description: "CAC, LTV, payback and the other metrics computed by code from the request's figures",
  computesFrom: ['salesAndMarketingSpend', 'newCustomers', 'averageRevenuePerAccount', 'grossMarginPercent', 'monthlyChurnPercent', 'annualChurnPercent', 'variableCostPerAccount'],
};

const inputNames = ['salesAndMarketingSpend', 'newCustomers', 'averageRevenuePerAccount', 'grossMarginPercent', 'monthlyChurnPercent', 'annualChurnPercent', 'variableCostPerAccount'] as const;

/**
 * Does the arithmetic of unit economics in code once the model has answered: every metric the request's
 * figures allow is computed by the formulas of the agent's instructions and replaces the model's; metrics the
 * figures do not allow stay as the model gave them (from assumptions it labelled), after the computed ones.
 */
export function createUnitEconomicsTool(): AgentTool {
  return {
    ...unitEconomicsDescriptor,
    async finish(output, context) {
      const inputs: UnitEconomicsInputs = {};
      for (const name of inputNames) {
        const value = context.fields[name];
        if (typeof value === 'number' && Number.isFinite(value)) inputs[name] = value;
      }
      const computed = unitEconomicsMetrics(inputs);
      if (computed.length === 0) return output;
      const written = Array.isArray(output.metrics) ? (output.metrics as { metric?: unknown }[]) : [];
      const names = new Set<unknown>(computed.map((metric) => metric.metric));
      const kept = written.filter((metric) => !names.has(metric.metric));
      return { ...output, metrics: [...computed, ...kept].slice(0, maximumMetrics) };
    },
  };
}

/** The agent's schema allows 12 metrics. */
const maximumMetrics = 12;
