import type { AgentTool, ToolDescriptor } from '../agent-tool.ts';
import { invoiceTotals, minorUnitDigits, type InvoiceLineInput } from './invoice-totals.ts';

export const invoiceArithmeticDescriptor: ToolDescriptor = {
  name: 'invoice-arithmetic',
  description: "Line totals, tax per rate and the total due computed by code from the request's line items",
  computesFrom: ['lineItems', 'taxRatePercent', 'invoiceDiscount'],
};

/**
 * Does an invoice's sums in code once the model has drafted it: the line items are the request's (a model
 * may not change a quantity or a price), and so is the invoice discount; their totals, the subtotal, the tax
 * lines and the total due are computed to the currency's minor unit, and each calculation field shows the sum. The model's draft keeps
 * everything else (parties, dates, missing fields, the rendered text).
 */
export function createInvoiceArithmeticTool(): AgentTool {
  return {
    ...invoiceArithmeticDescriptor,
    async finish(output, context) {
      const lines = requestLines(context.fields.lineItems);
      if (!lines) return output;
      const { taxRatePercent, invoiceDiscount, currency } = context.fields;
      const discount = typeof invoiceDiscount === 'number' && invoiceDiscount > 0 ? invoiceDiscount : undefined;
      const totals = invoiceTotals(lines, {
        defaultRatePercent: typeof taxRatePercent === 'number' ? taxRatePercent : undefined,
        invoiceDiscount: discount,
        minorDigits: minorUnitDigits(currency ?? output.currency),
      });
      // A discount is the request's to give: one the model wrote without it is not kept.
      const { invoiceDiscount: _written, ...draft } = output;
      return { ...draft, ...(discount !== undefined ? { invoiceDiscount: Math.min(discount, totals.subtotal) } : {}), ...totals };
    },
  };
}

/** The request's line items, when it sent them (the task may also describe them in its prompt). */
function requestLines(value: unknown): InvoiceLineInput[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const lines = value.filter((line): line is InvoiceLineInput => typeof line === 'object' && line !== null && typeof line.quantity === 'number' && typeof line.unitPrice === 'number');
  return lines.length === value.length ? lines : undefined;
}
