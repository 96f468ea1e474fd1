import { z } from 'zod';
import type { CardBrand } from '../vocabularies';

// Card entry (spec 02 §3, §5): the brand from the number, and the three card errors (invalid
// number, invalid expiry, invalid CVC). The browser checks with these before it sends the card
// to the gateway's tokenization endpoint, and the sandbox gateway checks with them again.

const BRAND_PATTERNS: readonly {
  brand: CardBrand;
  pattern: RegExp;
  lengths: number[];
  cvc: number;
}[] = [
  { brand: 'Amex', pattern: /^3[47]/, lengths: [15], cvc: 4 },
  { brand: 'Diners', pattern: /^3(0[0-5]|[689])/, lengths: [14, 16, 19], cvc: 3 },
  { brand: 'JCB', pattern: /^35(2[89]|[3-8])/, lengths: [16, 17, 18, 19], cvc: 3 },
  {
    brand: 'Discover',
    pattern: /^(6011|65|64[4-9]|622(12[6-9]|1[3-9]|[2-8]|9[01]|92[0-5]))/,
    lengths: [16, 17, 18, 19],
    cvc: 3,
  },
  { brand: 'Mastercard', pattern: /^(5[1-5]|2(2[2-9]|[3-6]|7[01]|720))/, lengths: [16], cvc: 3 },
  { brand: 'Visa', pattern: /^4/, lengths: [13, 16, 19], cvc: 3 },
];

/** Digits only (spaces and dashes people type are dropped). */
export function normalizeCardNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The card brand a number belongs to (spec 02 §3 brands), or null when none matches. */
export function detectCardBrand(number: string): CardBrand | null {
  const digits = normalizeCardNumber(number);
  return BRAND_PATTERNS.find((b) => b.pattern.test(digits))?.brand ?? null;
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function isValidCardNumber(number: string): boolean {
  const digits = normalizeCardNumber(number);
  const brand = BRAND_PATTERNS.find((b) => b.pattern.test(digits));
  return brand !== undefined && brand.lengths.includes(digits.length) && passesLuhn(digits);
}

/** A card is good through the last day of its expiry month. */
export function isExpiryValid(
  expMonth: number,
  expYear: number,
  today: { year: number; month: number },
): boolean {
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) return false;
  if (!Number.isInteger(expYear) || expYear > today.year + 20) return false;
  return expYear > today.year || (expYear === today.year && expMonth >= today.month);
}

export function isCvcValid(cvc: string, number: string): boolean {
  const brand = BRAND_PATTERNS.find((b) => b.pattern.test(normalizeCardNumber(number)));
  return new RegExp(`^\\d{${String(brand?.cvc ?? 3)}}$`).test(cvc);
}

/** Spec 02 §5 card errors, as message keys of the web catalogue. */
export const CARD_ERROR_KEYS = {
  number: 'card.invalidNumber',
  expiry: 'card.invalidExpiry',
  cvc: 'card.invalidCvc',
} as const;

/**
 * What the browser posts to the gateway's tokenization endpoint (never to our API). `today`
 * decides expiry; pass the current year and month.
 */
export function cardTokenRequestSchema(today: { year: number; month: number }) {
  return z
    .strictObject({
      cardNumber: z.string().trim().max(23),
      expMonth: z.coerce.number().int(),
      expYear: z.coerce.number().int(),
      cvc: z.string().trim().max(4),
      /** Billing zip for the address check. */
      postalCode: z.string().trim().max(10).optional(),
    })
    .superRefine((card, ctx) => {
      if (!isValidCardNumber(card.cardNumber)) {
        ctx.addIssue({ code: 'custom', path: ['cardNumber'], message: CARD_ERROR_KEYS.number });
      }
      if (!isExpiryValid(card.expMonth, card.expYear, today)) {
        ctx.addIssue({ code: 'custom', path: ['expiry'], message: CARD_ERROR_KEYS.expiry });
      }
      if (!isCvcValid(card.cvc, card.cardNumber)) {
        ctx.addIssue({ code: 'custom', path: ['cvc'], message: CARD_ERROR_KEYS.cvc });
      }
    });
}
export type CardTokenRequest = z.infer<ReturnType<typeof cardTokenRequestSchema>>;
