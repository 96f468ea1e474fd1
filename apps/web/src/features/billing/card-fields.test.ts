import { describe, expect, it } from 'vitest';
import { cardResolver, EMPTY_CARD, parseExpiry, type CardFields } from './card-fields';

// The card form's boxes through the domain's card schema (spec 02 §5): the expiry box holds
// both the month and the year the gateway takes, and their problems are that box's.

const TODAY = new Date(2026, 5, 15);
const OPTIONS = { fields: {}, shouldUseNativeValidation: false };
const resolve = (fields: Partial<CardFields>) =>
  cardResolver(TODAY)({ ...EMPTY_CARD, ...fields }, undefined, OPTIONS);
const messages = async (fields: Partial<CardFields>) =>
  Object.fromEntries(
    Object.entries((await resolve(fields)).errors).map(([field, error]) => [field, error?.message]),
  );

const GOOD = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

describe('parseExpiry', () => {
  it('reads MM/YY and MM/YYYY, with spaces around the slash', () => {
    expect(parseExpiry('12/30')).toEqual({ expMonth: 12, expYear: 2030 });
    expect(parseExpiry(' 1 / 2031 ')).toEqual({ expMonth: 1, expYear: 2031 });
  });

  it('gives NaN for what is not a date', () => {
    expect(parseExpiry('1230')).toEqual({ expMonth: Number.NaN, expYear: Number.NaN });
  });
});

describe('cardResolver', () => {
  it('hands over what the gateway takes: digits only, month and year, no blank postal code', async () => {
    expect(await resolve(GOOD)).toEqual({
      values: { cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
      errors: {},
    });
    expect((await resolve({ ...GOOD, postalCode: ' 94105 ' })).values).toMatchObject({
      postalCode: '94105',
    });
  });

  it('puts an unreadable expiry on the expiry box', async () => {
    expect(await messages({ ...GOOD, expiry: 'soon' })).toEqual({
      expiry: 'card.invalidExpiry',
    });
  });

  it('puts a past or impossible month on the expiry box', async () => {
    expect(await messages({ ...GOOD, expiry: '05/26' })).toEqual({ expiry: 'card.invalidExpiry' });
    expect(await messages({ ...GOOD, expiry: '13/30' })).toEqual({ expiry: 'card.invalidExpiry' });
  });

  it('names each box the schema refuses', async () => {
    expect(
      await messages({ cardNumber: '4242 4242 4242 4241', expiry: '12/30', cvc: '1' }),
    ).toEqual({ cardNumber: 'card.invalidNumber', cvc: 'card.invalidCvc' });
  });
});
