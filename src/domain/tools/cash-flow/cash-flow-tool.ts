import type { AgentTool, ToolDescriptor } from '../agent-tool.ts';
import { chainBalances, type DraftPeriod } from './cash-flow-balances.ts';

export const cashFlowDescriptor: ToolDescriptor = {
  name: 'cash-flow',
  description: 'Opening and closing balances, the lowest balance and the runway computed by code from the forecast flows',
  computesFrom: ['openingBalance', 'minimumCash'],
};

/**
 * Chains a cash forecast's balances in code once the model has drafted the flows of each period: the opening
 * balance is the request's, every period's balances follow from its flows, and the lowest balance and the
 * runway's status and period are read from them. The model's months of runway and scenarios stay its own.
 */
export function createCashFlowTool(): AgentTool {
  return {
    ...cashFlowDescriptor,
    async finish(output, context) {
      const opening = context.fields.openingBalance;
      const periods = draftPeriods(output.periods);
      if (typeof opening !== 'number' || !periods) return output;
      const buffer = typeof context.fields.minimumCash === 'number' ? context.fields.minimumCash : 0;
      const chained = chainBalances(opening, periods, buffer);
      const runway = { ...(typeof output.runway === 'object' && output.runway !== null ? output.runway : {}), ...chained.runway };
      if (chained.runway.runsOutIn === undefined) delete (runway as { runsOutIn?: unknown }).runsOutIn;
      return { ...output, openingBalance: opening, periods: chained.periods, lowestBalance: chained.lowestBalance, runway };
    },
  };
}

function draftPeriods(value: unknown): DraftPeriod[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const usable = value.every((period) => typeof period === 'object' && period !== null && typeof period.inflows === 'number' && typeof period.outflows === 'number' && typeof period.period === 'string');
  return usable ? (value as DraftPeriod[]) : undefined;
}
