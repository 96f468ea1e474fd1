import type { PriceChangeQuote } from '@portal/domain';
import type { InvoiceLine } from '../payments/service';

// Billing builds its invoices' lines (the payments module issues the invoice when the charge
// settles, from the draft billing handed it).

/**
 * The lines of a plan change's invoice from the quote it was charged for: the plan, each
 * add-on, each coupon (negative), the prorated refund of the unused period (negative) and any
 * credit carried forward; they add up to the amount charged.
 */
export function changeInvoiceLines(
  quote: PriceChangeQuote,
  names: { plan: string; medication: string },
): InvoiceLine[] {
  const lines: InvoiceLine[] = [
    {
      kind: 'plan',
      description: names.plan,
      amount: quote.newBasePrice,
      medication: names.medication,
    },
    ...quote.addonDetails.map((a) => ({
      kind: 'addon' as const,
      description: `Add-on: ${a.sku}`,
      amount: a.amount,
      medication: a.sku,
    })),
    ...quote.couponDetails.map((c) => ({
      kind: 'coupon' as const,
      description: `Coupon ${c.id}`,
      amount: -c.amount,
    })),
  ];
  if (quote.proratedRefund > 0) {
    lines.push({
      kind: 'proration',
      description: 'Refund for the unused part of your current period',
      amount: -quote.proratedRefund,
    });
  }
  if (quote.creditCarried > 0) {
    lines.push({
      kind: 'credit',
      description: 'Credit carried to your next invoice',
      amount: quote.creditCarried,
    });
  }
  return lines;
}
