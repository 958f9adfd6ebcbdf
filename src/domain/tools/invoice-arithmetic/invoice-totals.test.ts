import { describe, expect, it } from 'vitest';
import { invoiceTotals, minorUnitDigits } from './invoice-totals.ts';

describe('invoiceTotals', () => {
  it('computes lines, tax per rate and the total to the cent, with each calculation shown', () => {
    const totals = invoiceTotals(
      [
        { description: 'Design sprint', quantity: 3, unitPrice: 1200, discount: 150, taxRatePercent: 20 },
        { description: 'Hosting', quantity: 12, unitPrice: 19.99 },
        { description: 'Printed manual', quantity: 7, unitPrice: 4.335, taxRatePercent: 5.5 },
      ],
      { defaultRatePercent: 20, minorDigits: 2 },
    );
    expect(totals.lineItems.map((line) => line.lineTotal)).toEqual([3450, 239.88, 30.35]);
    expect(totals.lineItems[0]?.calculation).toBe('3 x 1200.00 - 150.00 = 3450.00');
    expect(totals.subtotal).toBe(3720.23);
    expect(totals.taxLines).toEqual([
      { ratePercent: 5.5, taxableAmount: 30.35, taxAmount: 1.67, calculation: '30.35 x 5.5% = 1.67' },
      { ratePercent: 20, taxableAmount: 3689.88, taxAmount: 737.98, calculation: '3689.88 x 20% = 737.98' },
    ]);
    expect(totals.totalDue).toBe(4459.88);
    expect(totals.totalCalculation).toBe('3720.23 + 739.65 = 4459.88');
  });

  it('taxes a line without any rate at zero, and takes an invoice discount off before tax is added', () => {
    const totals = invoiceTotals([{ description: 'Consulting', quantity: 10, unitPrice: 100 }], { invoiceDiscount: 50, minorDigits: 2 });
    expect(totals.taxLines).toEqual([{ ratePercent: 0, taxableAmount: 1000, taxAmount: 0, calculation: '1000.00 x 0% = 0.00' }]);
    expect(totals.totalDue).toBe(950);
  });

  it('rounds to the minor unit of the currency', () => {
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(minorUnitDigits('kwd')).toBe(3);
    expect(minorUnitDigits('euros')).toBe(2);
    expect(invoiceTotals([{ description: 'Tea', quantity: 3, unitPrice: 333.5 }], { minorDigits: 0 }).subtotal).toBe(1001);
  });
});
