import { describe, expect, it } from 'vitest';
import { residenceState } from './residence';

describe('state of residence (spec 01 §2 booking flow, spec 02 §5)', () => {
  it("is the shipping address's state, wherever it is in the list", () => {
    expect(
      residenceState([
        { addressType: 'BILLING', stateCode: 'NY' },
        { addressType: 'SHIPPING', stateCode: 'CA' },
      ]),
    ).toBe('CA');
  });

  it('of several shipping addresses, the earliest', () => {
    expect(
      residenceState([
        { addressType: 'SHIPPING', stateCode: 'WA' },
        { addressType: 'SHIPPING', stateCode: 'OR' },
      ]),
    ).toBe('WA');
  });

  it("without a shipping address, the earliest address's state", () => {
    expect(
      residenceState([
        { addressType: 'BILLING', stateCode: 'TX' },
        { addressType: 'BILLING', stateCode: 'FL' },
      ]),
    ).toBe('TX');
  });

  it('is null with no address on file', () => {
    expect(residenceState([])).toBeNull();
  });
});
