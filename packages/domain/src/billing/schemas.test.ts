import { describe, expect, it } from 'vitest';
import { CANCELLATION_TEXT_MAX, cancelSubscriptionSchema } from './failures';
import { priceChangeQuoteSchema } from './schemas';

const id = '0b6f1f1e-8c55-4b4e-9a53-2f2d3f0b8a11';

describe('quote and change inputs (spec 02 §7)', () => {
  it('takes a contract length of 1, 3, 6 or 12 and known add-ons, deduplicated', () => {
    const parsed = priceChangeQuoteSchema.parse({
      existingSubscriptionId: id,
      newSubscriptionPlanType: 'weightmanagement',
      newAddons: ['high-dose', 'clomid', 'high-dose'],
      newContractLength: 6,
    });
    expect(parsed.newAddons).toEqual(['clomid', 'high-dose']);
    expect(parsed.isUpfrontPayment).toBe(false);
    const bad = priceChangeQuoteSchema.safeParse({
      existingSubscriptionId: id,
      newSubscriptionPlanType: 'weightmanagement',
      newAddons: ['caviar'],
      newContractLength: 2,
    });
    expect(bad.error?.issues.map((i) => i.message).sort()).toEqual([
      'billing.invalidAddon',
      'billing.invalidContractLength',
    ]);
  });
});

describe('cancellation (spec 02 §2, §5)', () => {
  it('needs a reason from the list; other needs a text; the text is bounded', () => {
    expect(
      cancelSubscriptionSchema.safeParse({ subscriptionId: id, reason: 'too_expensive' }).success,
    ).toBe(true);
    expect(
      cancelSubscriptionSchema.safeParse({ subscriptionId: id, reason: 'bored' }).success,
    ).toBe(false);
    expect(
      cancelSubscriptionSchema.safeParse({ subscriptionId: id, reason: 'other', otherText: ' ' })
        .error?.issues[0]?.message,
    ).toBe('cancellation.otherRequired');
    const long = 'x'.repeat(CANCELLATION_TEXT_MAX + 1);
    expect(
      cancelSubscriptionSchema.safeParse({ subscriptionId: id, reason: 'other', otherText: long })
        .error?.issues[0]?.message,
    ).toBe('cancellation.tooLong');
  });
});
