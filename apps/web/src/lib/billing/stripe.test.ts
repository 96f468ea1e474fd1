import { afterEach, describe, expect, it } from 'vitest';
import { createFakeStripe, installFakeStripe, removeFakeStripe } from '../../test/fake-stripe';
import { loadStripeFor, stripeErrorText, StripeUnavailableError } from './stripe';

afterEach(removeFakeStripe);

describe('loadStripeFor (issue 39)', () => {
  it('makes one Stripe instance per publishable key', async () => {
    const page = installFakeStripe(createFakeStripe());
    const [a, b] = await Promise.all([loadStripeFor('pk_test_a'), loadStripeFor('pk_test_a')]);
    expect(a).toBe(b);
    expect(await loadStripeFor('pk_test_a')).toBe(a);
    await loadStripeFor('pk_test_b');
    expect(page.keys).toEqual(['pk_test_a', 'pk_test_b']);
  });

  it('forgets a failed load, so the next try loads again', async () => {
    const fake = createFakeStripe();
    const page = installFakeStripe(null);
    await expect(loadStripeFor('pk_test_a')).rejects.toBeInstanceOf(StripeUnavailableError);
    page.swap(fake);
    expect(await loadStripeFor('pk_test_a')).toBe(fake.stripe);
    expect(page.keys).toEqual(['pk_test_a']);
  });
});

describe('stripeErrorText', () => {
  it("keeps Stripe's words about the card or the fields, and hides anything else", () => {
    expect(stripeErrorText({ type: 'card_error', message: 'Your card was declined.' })).toEqual({
      text: 'Your card was declined.',
    });
    expect(stripeErrorText({ type: 'validation_error', message: 'Incomplete number.' })).toEqual({
      text: 'Incomplete number.',
    });
    expect(stripeErrorText({ type: 'invalid_request_error', message: 'No such seti_1' })).toEqual({
      key: 'payment.default',
    });
    expect(stripeErrorText({ type: 'card_error', message: undefined })).toEqual({
      key: 'payment.default',
    });
  });
});
