import { formatMoney } from '../../lib/format';
import { strings } from '../strings';

// The refund dialog's checks, before the request: the server checks the same and more (the
// amount left under a lock, the processor's answer), so these only spare a round trip.

const t = strings.actions;
const DOLLARS = /^\$?\s*(\d{1,7})(?:\.(\d{1,2}))?$/;

/** "25", "25.5", "$25.50" as integer cents; null for anything else. */
export function dollarsToCents(input: string): number | null {
  const match = DOLLARS.exec(input.trim().replaceAll(',', ''));
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export interface RefundErrors {
  amount?: string;
  reason?: string;
}

export function validateRefund(
  amount: string,
  reason: string,
  refundableCents: number,
): { ok: true; amountCents: number; reason: string } | { ok: false; errors: RefundErrors } {
  const errors: RefundErrors = {};
  const cents = dollarsToCents(amount);
  if (cents === null) errors.amount = t.refundAmountFormat;
  else if (cents <= 0) errors.amount = t.refundPositive;
  else if (cents > refundableCents) errors.amount = t.refundTooMuch(formatMoney(refundableCents));
  const trimmed = reason.trim();
  if (!trimmed || trimmed.length > 500) errors.reason = t.refundReasonRequired;
  if (cents === null || errors.amount || errors.reason) return { ok: false, errors };
  return { ok: true, amountCents: cents, reason: trimmed };
}
