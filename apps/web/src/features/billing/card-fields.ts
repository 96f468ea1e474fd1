import { zodResolver } from '@hookform/resolvers/zod';
import {
  CARD_ERROR_KEYS,
  cardTokenRequestSchema,
  normalizeCardNumber,
  type CardTokenRequest,
} from '@portal/domain';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';

/** What the card form's boxes hold, as typed. */
export interface CardFields {
  cardNumber: string;
  expiry: string;
  cvc: string;
  postalCode: string;
}

export const EMPTY_CARD: CardFields = { cardNumber: '', expiry: '', cvc: '', postalCode: '' };

/** "12/30", "1/2030", "12 / 30" → month and four-digit year; NaN when it is not a date. */
export function parseExpiry(value: string): { expMonth: number; expYear: number } {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return { expMonth: Number.NaN, expYear: Number.NaN };
  const year = Number(m[2]);
  return { expMonth: Number(m[1]), expYear: year < 100 ? 2000 + year : year };
}

function cardRequest(fields: CardFields) {
  const postalCode = fields.postalCode.trim();
  return {
    cardNumber: normalizeCardNumber(fields.cardNumber),
    ...parseExpiry(fields.expiry),
    cvc: fields.cvc.trim(),
    ...(postalCode ? { postalCode } : {}),
  };
}

type CardOptions = Parameters<ReturnType<typeof cardRequestResolver>>[2];
const cardRequestResolver = (today: { year: number; month: number }) =>
  zodResolver(cardTokenRequestSchema(today));

/**
 * The domain's card schema (`cardTokenRequestSchema`, what the gateway takes) through
 * zodResolver, for a form that types the expiry as one "MM/YY" box: the boxes become the
 * schema's input, and the schema's month and year problems are that box's.
 */
export function cardResolver(today: Date): Resolver<CardFields, unknown, CardTokenRequest> {
  const check = cardRequestResolver({ year: today.getFullYear(), month: today.getMonth() + 1 });
  return async (fields, context, options) => {
    // The options name the form's fields (for focus and native validation), which the schema's
    // input shares but for the expiry.
    const result = await check(cardRequest(fields), context, options as unknown as CardOptions);
    const { expMonth, expYear, ...errors } = result.errors as Record<string, FieldError>;
    if (expMonth || expYear) errors.expiry ??= { type: 'custom', message: CARD_ERROR_KEYS.expiry };
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as FieldErrors<CardFields> }
      : { values: result.values as CardTokenRequest, errors: {} };
  };
}
