import { describe, expect, it } from 'vitest';
import { unitEconomicsMetrics } from './unit-economics-metrics.ts';

const valueOf = (metrics: ReturnType<typeof unitEconomicsMetrics>) => Object.fromEntries(metrics.map((metric) => [metric.metric, metric.value]));

describe('unitEconomicsMetrics', () => {
  it('computes every metric by the instructions’ formulas, LTV from the contribution margin when variable costs are known', () => {
    const metrics = unitEconomicsMetrics({ salesAndMarketingSpend: 60_000, newCustomers: 40, averageRevenuePerAccount: 500, grossMarginPercent: 80, monthlyChurnPercent: 2.5, variableCostPerAccount: 100 });
    expect(valueOf(metrics)).toEqual({ CAC: 1500, ARPA: 500, 'gross-margin': 80, 'contribution-margin': 400, 'monthly-churn': 2.5, 'customer-lifetime': 40, LTV: 16_000, 'LTV-to-CAC': 10.67, 'CAC-payback': 3.75 });
    expect(metrics.find((metric) => metric.metric === 'CAC')).toMatchObject({ substitution: '60000 / 40 = 1500', unit: 'currency', basis: 'from-inputs' });
  });

  it('converts annual churn to monthly, caps the lifetime at 60 months, and leaves out what the figures do not allow', () => {
    const metrics = valueOf(unitEconomicsMetrics({ averageRevenuePerAccount: 100, grossMarginPercent: 50, annualChurnPercent: 10 }));
    expect(metrics['monthly-churn']).toBe(0.87);
    expect(metrics['customer-lifetime']).toBe(60);
    expect(metrics.LTV).toBe(3000);
    expect(metrics.CAC).toBeUndefined();
    expect(valueOf(unitEconomicsMetrics({ salesAndMarketingSpend: 1000, newCustomers: 0 }))).toEqual({});
  });
});
