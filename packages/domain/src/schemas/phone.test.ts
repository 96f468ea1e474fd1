import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone } from '../phone';
import { phoneSchema } from './phone';

describe('spec 01 §5, spec 02 §5: phone', () => {
  it('spec 01 §5: non-digits are stripped', () => {
    expect(normalizePhone('(555) 123-4567')).toBe('5551234567');
    expect(normalizePhone('555.123.4567 ')).toBe('5551234567');
  });

  it('spec 01 §5: a leading US 1 on 11 digits is dropped, other 11-digit numbers are kept', () => {
    expect(normalizePhone('+1 (555) 123-4567')).toBe('5551234567');
    expect(normalizePhone('25551234567')).toBe('25551234567');
    expect(normalizePhone('1555123456')).toBe('1555123456');
  });

  it('spec 02 §5: 10 digits after stripping are accepted and stored as digits', () => {
    expect(phoneSchema.parse('(555) 123-4567')).toBe('5551234567');
    expect(phoneSchema.parse('1-555-123-4567')).toBe('5551234567');
  });

  it('spec 02 §5: anything but 10 digits gives phone.invalid', () => {
    for (const input of ['', '555-1234', '555123456', '55512345678', 'phone', '+44 20 7946 0958']) {
      const result = phoneSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['phone.invalid']);
    }
    expect(phoneSchema.safeParse(5551234567).error?.issues[0]?.message).toBe('phone.invalid');
  });

  it('spec 01 §5: phone is shown as (XXX) XXX-XXXX after stripping non-digits', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('555-123-4567')).toBe('(555) 123-4567');
    expect(formatPhone('+1 555 123 4567')).toBe('(555) 123-4567');
  });

  it('spec 02 §2: a number without 10 digits is shown as typed', () => {
    expect(formatPhone('555-1234')).toBe('555-1234');
    expect(formatPhone('')).toBe('');
  });
});
