/** The inputs of a unit-economics request that the metrics are computed from; any may be missing. */
export interface UnitEconomicsInputs {
  salesAndMarketingSpend?: number;
  newCustomers?: number;
  averageRevenuePerAccount?: number;
  grossMarginPercent?: number;
  monthlyChurnPercent?: number;
  annualChurnPercent?: number;
  variableCostPerAccount?: number;
}

export interface Metric {
  metric: 'CAC' | 'ARPA' | 'gross-margin' | 'contribution-margin' | 'monthly-churn' | 'customer-lifetime' | 'LTV' | 'LTV-to-CAC' | 'CAC-payback';
  formula: string;
  substitution: string;
  value: number;
  unit: 'currency' | 'percent' | 'months' | 'ratio';
  basis: 'from-inputs';
}

/** Lifetimes are capped here, as the agent's instructions say: very low churn gives unrealistic ones. */
export const lifetimeCapMonths = 60;

/**
 * Every metric the inputs given allow, by the formulas the agent's instructions define, to two decimals:
 * CAC, ARPA, gross margin, contribution margin, monthly churn (annual converted as 1 - (1 - annual)^(1/12)),
 * customer lifetime (capped at 60 months), LTV (from the contribution margin when variable costs are known),
 * LTV to CAC and CAC payback. A metric whose inputs are missing, or would divide by zero, is left out.
 */
export function unitEconomicsMetrics(inputs: UnitEconomicsInputs): Metric[] {
  const metrics: Metric[] = [];
  const add = (metric: Metric['metric'], formula: string, substitution: string, value: number, unit: Metric['unit']): number => {
    const rounded = Math.round(value * 100) / 100;
    metrics.push({ metric, formula, substitution: `${substitution} = ${rounded}`, value: rounded, unit, basis: 'from-inputs' });
    return value;
  };
  const { salesAndMarketingSpend: spend, newCustomers, averageRevenuePerAccount: arpa, grossMarginPercent: margin, variableCostPerAccount: variable } = inputs;
  const cac = spend !== undefined && newCustomers !== undefined && newCustomers > 0 ? add('CAC', 'sales and marketing spend / new customers', `${spend} / ${newCustomers}`, spend / newCustomers, 'currency') : undefined;
  if (arpa !== undefined) add('ARPA', 'average monthly revenue per account', `${arpa}`, arpa, 'currency');
  if (margin !== undefined) add('gross-margin', '(revenue - cost of revenue) / revenue', `${margin}%`, margin, 'percent');
  const contribution = arpa !== undefined && variable !== undefined ? add('contribution-margin', 'ARPA - variable costs per account', `${arpa} - ${variable}`, arpa - variable, 'currency') : undefined;
  const churn = monthlyChurn(inputs, add);
  const lifetime =
    churn !== undefined && churn > 0
      ? add('customer-lifetime', `1 / monthly churn, at most ${lifetimeCapMonths} months`, `min(1 / ${round(churn / 100, 4)}, ${lifetimeCapMonths})`, Math.min(100 / churn, lifetimeCapMonths), 'months')
      : undefined;
  const monthlyGrossProfit = arpa !== undefined && margin !== undefined ? arpa * (margin / 100) : undefined;
  let ltv: number | undefined;
  if (lifetime !== undefined && contribution !== undefined) ltv = add('LTV', 'contribution margin x lifetime', `${round(contribution)} x ${round(lifetime)}`, contribution * lifetime, 'currency');
  else if (lifetime !== undefined && monthlyGrossProfit !== undefined) ltv = add('LTV', 'ARPA x gross margin % x lifetime', `${arpa} x ${margin}% x ${round(lifetime)}`, monthlyGrossProfit * lifetime, 'currency');
  if (ltv !== undefined && cac !== undefined && cac > 0) add('LTV-to-CAC', 'LTV / CAC', `${round(ltv)} / ${round(cac)}`, ltv / cac, 'ratio');
  if (cac !== undefined && monthlyGrossProfit !== undefined && monthlyGrossProfit > 0) add('CAC-payback', 'CAC / (ARPA x gross margin %)', `${round(cac)} / (${arpa} x ${margin}%)`, cac / monthlyGrossProfit, 'months');
  return metrics;
}

function monthlyChurn(inputs: UnitEconomicsInputs, add: (metric: Metric['metric'], formula: string, substitution: string, value: number, unit: Metric['unit']) => number): number | undefined {
  if (inputs.monthlyChurnPercent !== undefined) return add('monthly-churn', 'monthly churn rate', `${inputs.monthlyChurnPercent}%`, inputs.monthlyChurnPercent, 'percent');
  const annual = inputs.annualChurnPercent;
  if (annual === undefined || annual >= 100) return undefined;
  return add('monthly-churn', '1 - (1 - annual churn)^(1/12)', `1 - (1 - ${annual}%)^(1/12)`, (1 - (1 - annual / 100) ** (1 / 12)) * 100, 'percent');
}

function round(value: number, digits = 2): number {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}
