// Phone numbers (spec 01 §5; spec 02 §2, §5), without zod: the screens that only show one
// load no validation for it (issue 46); phoneSchema (schemas/phone.ts) checks input with these.

/** Spec 02 §5: 'Phone number is invalid. Please enter a 10 digit phone number.' */
export const PHONE_INVALID_KEY = 'phone.invalid';

/**
 * Spec 01 §5; spec 02 §5: strip non-digits. A leading US country code '1' on 11 digits is
 * dropped, so '+1 (555) 123-4567' is the same number as '555-123-4567'.
 */
export function normalizePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** Spec 01 §5; spec 02 §2: shown as (XXX) XXX-XXXX; anything else is shown as typed. */
export function formatPhone(input: string): string {
  const digits = normalizePhone(input);
  if (!/^\d{10}$/.test(digits)) return input;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
