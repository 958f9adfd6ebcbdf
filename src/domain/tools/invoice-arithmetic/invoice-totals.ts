/** One line of an invoice as the request gives it. */
export interface InvoiceLineInput {
  description: string;
  quantity: number;
  unitPrice: number;
  discount?: number;
  taxRatePercent?: number;
}

export interface InvoiceLine extends InvoiceLineInput {
  lineTotal: number;
  calculation: string;
}

export interface TaxLine {
  ratePercent: number;
  taxableAmount: number;
  taxAmount: number;
  calculation: string;
}

export interface InvoiceTotals {
  lineItems: InvoiceLine[];
  subtotal: number;
  taxLines: TaxLine[];
  totalDue: number;
  totalCalculation: string;
}

/**
 * An invoice's arithmetic, as the agent's instructions define it and code can do it exactly: line total =
 * quantity × unit price − line discount (never below zero), rounded to the currency's minor unit; subtotal =
 * sum of line totals; one tax line per rate, tax = taxable amount × rate; total due = subtotal − invoice
 * discount + total tax. A line without a rate takes the default rate, or none: its tax is zero.
 */
export function invoiceTotals(lines: readonly InvoiceLineInput[], options: { defaultRatePercent?: number | undefined; invoiceDiscount?: number | undefined; minorDigits: number }): InvoiceTotals {
  const money = (value: number): number => roundTo(value, options.minorDigits);
  const show = (value: number): string => value.toFixed(options.minorDigits);
  const lineItems = lines.map((line): InvoiceLine => {
    const discount = line.discount ?? 0;
    const lineTotal = Math.max(0, money(line.quantity * line.unitPrice - discount));
    const rate = line.taxRatePercent ?? options.defaultRatePercent;
    return {
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      ...(discount > 0 ? { discount } : {}),
      ...(rate !== undefined ? { taxRatePercent: rate } : {}),
      lineTotal,
      calculation: `${line.quantity} x ${show(line.unitPrice)}${discount > 0 ? ` - ${show(discount)}` : ''} = ${show(lineTotal)}`,
    };
  });
  const subtotal = money(lineItems.reduce((sum, line) => sum + line.lineTotal, 0));
  const byRate = new Map<number, number>();
  for (const line of lineItems) byRate.set(line.taxRatePercent ?? 0, (byRate.get(line.taxRatePercent ?? 0) ?? 0) + line.lineTotal);
  const taxLines = [...byRate.entries()]
    .sort(([left], [right]) => left - right)
    .map(([ratePercent, taxable]): TaxLine => {
      const taxableAmount = money(taxable);
      const taxAmount = money((taxableAmount * ratePercent) / 100);
      return { ratePercent, taxableAmount, taxAmount, calculation: `${show(taxableAmount)} x ${ratePercent}% = ${show(taxAmount)}` };
    });
  const tax = money(taxLines.reduce((sum, line) => sum + line.taxAmount, 0));
  const discount = Math.min(options.invoiceDiscount ?? 0, subtotal);
  const totalDue = Math.max(0, money(subtotal - discount + tax));
  const totalCalculation = `${show(subtotal)}${discount > 0 ? ` - ${show(discount)}` : ''} + ${show(tax)} = ${show(totalDue)}`;
  return { lineItems, subtotal, taxLines, totalDue, totalCalculation };
}

/** Digits after the decimal point of a currency's minor unit (2 for EUR, 0 for JPY, 3 for KWD); 2 when the code is not a currency. */
export function minorUnitDigits(currency: unknown): number {
  if (typeof currency !== 'string' || !/^[A-Za-z]{3}$/.test(currency.trim())) return 2;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency.trim().toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Rounded half away from zero at `digits` decimals, without binary noise (1.005 → 1.01). */
function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.sign(value) * Math.round(Math.abs(value) * factor + 1e-9 * factor) / factor;
}
