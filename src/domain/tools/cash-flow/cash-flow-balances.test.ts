import { describe, expect, it } from 'vitest';
import { chainBalances } from './cash-flow-balances.ts';

const flows = [
  { period: '2026-01', inflows: 20_000, outflows: 35_000.5 },
  { period: '2026-02', inflows: 15_000, outflows: 30_000 },
  { period: '2026-03', inflows: 60_001, outflows: 30_000 },
];

describe('chainBalances', () => {
  it('chains each period from the one before, and finds the lowest balance and the first below the buffer', () => {
    const result = chainBalances(50_000, flows, 10_000);
    expect(result.periods.map((period) => [period.opening, period.netFlow, period.closing])).toEqual([
      [50_000, -15_000.5, 34_999.5],
      [34_999.5, -15_000, 19_999.5],
      [19_999.5, 30_001, 50_000.5],
    ]);
    expect(result.periods[0]?.calculation).toBe('50000 + (20000 - 35000.5) = 34999.5');
    expect(result.lowestBalance).toEqual({ period: '2026-02', amount: 19_999.5 });
    expect(result.runway.status).toBe('cash-positive');
    expect(chainBalances(50_000, flows, 25_000).runway).toMatchObject({ status: 'runs-out-in-horizon', runsOutIn: '2026-02' });
  });

  it('says a business burning cash that stays above the floor runs out after the horizon', () => {
    expect(chainBalances(100_000, flows.slice(0, 2), 0).runway.status).toBe('runs-out-after-horizon');
  });
});
