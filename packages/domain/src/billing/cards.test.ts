import { describe, expect, it } from 'vitest';
import { CARD_BRANDS } from '../vocabularies';
import {
  cardTokenRequestSchema,
  detectCardBrand,
  isExpiryValid,
  isValidCardNumber,
  passesLuhn,
} from './cards';
import { paymentFailure } from './failures';
import { PAYMENT_DECLINE_REASONS } from '../errors';

const today = { year: 2026, month: 11 };

describe('card brands (spec 02 §3: Visa, Mastercard, Amex, Discover, JCB, Diners)', () => {
  it.each([
    ['4242 4242 4242 4242', 'Visa'],
    ['5555555555554444', 'Mastercard'],
    ['2223003122003222', 'Mastercard'],
    ['378282246310005', 'Amex'],
    ['6011111111111117', 'Discover'],
    ['3566002020360505', 'JCB'],
    ['36227206271667', 'Diners'],
  ])('%s is %s, and valid', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
    expect(isValidCardNumber(number)).toBe(true);
  });

  it('knows every brand of the spec and no other', () => {
    expect(CARD_BRANDS).toEqual(['Visa', 'Mastercard', 'Amex', 'Discover', 'JCB', 'Diners']);
    expect(detectCardBrand('9999999999999995')).toBeNull();
  });
});

describe('card errors (spec 02 §5: invalid number, invalid expiry, invalid CVC)', () => {
  it('rejects a bad checksum or a wrong length', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(isValidCardNumber('424242424242424')).toBe(false);
  });

  it('a card is good through its expiry month', () => {
    expect(isExpiryValid(11, 2026, today)).toBe(true);
    expect(isExpiryValid(10, 2026, today)).toBe(false);
    expect(isExpiryValid(13, 2027, today)).toBe(false);
  });

  it('reports each error under its field with its message key', () => {
    const schema = cardTokenRequestSchema(today);
    const bad = schema.safeParse({
      cardNumber: '4242424242424241',
      expMonth: 1,
      expYear: 2020,
      cvc: '12',
    });
    expect(bad.success).toBe(false);
    const issues = bad.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['cardNumber', 'card.invalidNumber'],
      ['expiry', 'card.invalidExpiry'],
      ['cvc', 'card.invalidCvc'],
    ]);
    expect(
      schema.safeParse({ cardNumber: '378282246310005', expMonth: 12, expYear: 2030, cvc: '123' })
        .success,
    ).toBe(false);
    expect(
      schema.safeParse({ cardNumber: '378282246310005', expMonth: 12, expYear: 2030, cvc: '1234' })
        .success,
    ).toBe(true);
  });
});

describe('processor failures to codes and messages (spec 02 §4, §8)', () => {
  it('each decline reason keeps its own message; a change fails TC108, a card save ST102', () => {
    for (const reason of PAYMENT_DECLINE_REASONS) {
      expect(paymentFailure('change', reason)).toEqual({
        code: 'TC108',
        reason,
        messageKey: `payment.${reason}`,
      });
      expect(paymentFailure('paymentSource', reason).code).toBe('ST102');
    }
  });

  it('an unknown reason shows the default message', () => {
    expect(paymentFailure('change', 'gateway_timeout')).toEqual({
      code: 'TC108',
      reason: 'unknown',
      messageKey: 'payment.default',
    });
  });
});
