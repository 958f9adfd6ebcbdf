/** A forecast period as the model drafted it: its label and flows; the balances are code's to chain. */
export interface DraftPeriod {
  period: string;
  inflows: number;
  outflows: number;
  [field: string]: unknown;
}

export interface ChainedPeriod extends DraftPeriod {
  opening: number;
  netFlow: number;
  closing: number;
  calculation: string;
}

export interface Runway {
  status: 'cash-positive' | 'runs-out-in-horizon' | 'runs-out-after-horizon';
  runsOutIn?: string;
  calculation: string;
}

/**
 * A direct-method forecast's balances chained from the opening balance, as the agent's instructions define
 * them: opening = previous closing, net flow = inflows - outflows, closing = opening + net flow, each to the
 * cent with its arithmetic written out; the lowest closing balance; and where the balance first falls below
 * the buffer (or zero), walking the balances forward.
 */
export function chainBalances(openingBalance: number, periods: readonly DraftPeriod[], buffer: number): { periods: ChainedPeriod[]; lowestBalance: { period: string; amount: number }; runway: Runway } {
  const chained: ChainedPeriod[] = [];
  let opening = cents(openingBalance);
  for (const period of periods) {
    const netFlow = cents(period.inflows - period.outflows);
    const closing = cents(opening + netFlow);
    chained.push({ ...period, opening, netFlow, closing, calculation: `${opening} + (${cents(period.inflows)} - ${cents(period.outflows)}) = ${closing}` });
    opening = closing;
  }
  const lowest = chained.reduce<ChainedPeriod | undefined>((low, period) => (low === undefined || period.closing < low.closing ? period : low), undefined);
  const breach = chained.find((period) => period.closing < buffer);
  const floor = buffer > 0 ? `the ${buffer} buffer` : 'zero';
  const last = chained.at(-1);
  let runway: Runway;
  if (breach) runway = { status: 'runs-out-in-horizon', runsOutIn: breach.period, calculation: `The closing balance falls below ${floor} in ${breach.period}: ${breach.closing}` };
  else if (last && last.closing < cents(openingBalance)) runway = { status: 'runs-out-after-horizon', calculation: `The balance stays above ${floor} for the horizon but falls from ${cents(openingBalance)} to ${last.closing}` };
  else runway = { status: 'cash-positive', calculation: `The balance never falls below ${floor}; it ends at ${last?.closing ?? cents(openingBalance)}` };
  return { periods: chained, lowestBalance: lowest ? { period: lowest.period, amount: lowest.closing } : { period: 'opening', amount: cents(openingBalance) }, runway };
}

function cents(value: number): number {
  return Math.round(value * 100) / 100;
}
