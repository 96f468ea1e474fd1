import { describe, expect, it } from 'vitest';
import { createCustomerActionSchema } from './customer-actions';

describe('createCustomerActionSchema (spec 01 §3; spec 02 §3, §5)', () => {
  it('defaults to a pending action with empty metadata for a known type', () => {
    const parsed = createCustomerActionSchema.parse({
      typeCode: 'bulk_order_charge',
      metadata: { vial_count: 3 },
    });
    expect(parsed).toEqual({
      typeCode: 'bulk_order_charge',
      status: 'pending',
      metadata: { vial_count: 3 },
    });
  });

  it('spec 02 §5: a bulk_order_charge needs a numeric vial_count in its metadata', () => {
    for (const metadata of [{}, { vial_count: '3' }, { vial_count: 2.5 }]) {
      const result = createCustomerActionSchema.safeParse({
        typeCode: 'bulk_order_charge',
        metadata,
      });
      expect(result.success).toBe(false);
    }
  });

  it('refuses an unknown type, an unknown status and unknown fields', () => {
    expect(createCustomerActionSchema.safeParse({ typeCode: 'launch_rocket' }).success).toBe(false);
    expect(
      createCustomerActionSchema.safeParse({
        typeCode: 'bulk_order_charge',
        metadata: { vial_count: 2 },
        status: 'done',
      }).success,
    ).toBe(false);
    expect(
      createCustomerActionSchema.safeParse({
        typeCode: 'bulk_order_charge',
        metadata: { vial_count: 2 },
        customerId: 'x',
      }).success,
    ).toBe(false);
  });
});
