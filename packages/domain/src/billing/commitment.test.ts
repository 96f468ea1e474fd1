import { describe, expect, it } from 'vitest';
import { commitmentOutlook, type CommitmentInput } from './commitment';

const sixMonths: CommitmentInput = {
  today: '2026-03-10',
  startDate: '2026-01-15',
  endDate: '2026-07-15',
  lengthMonths: 6,
  upfront: false,
  pricePerPeriod: 29_900,
  renews: true,
};

describe('the next shipment and the cost of ending early', () => {
  it('a 6-month plan in its third month: ships on the 15th, four payments are left', () => {
    expect(commitmentOutlook(sixMonths)).toEqual({
      nextShipmentDate: '2026-03-15',
      paymentsLeft: 4, // Mar 15, Apr 15, May 15, Jun 15
      nextPaymentDate: '2026-03-15',
      earlyEndCost: 4 * 29_900,
    });
  });

  it('on a billing day the day itself ships, and its payment is no longer "left"', () => {
    const out = commitmentOutlook({ ...sixMonths, today: '2026-03-15' });
    expect(out.nextShipmentDate).toBe('2026-03-15');
    expect(out.paymentsLeft).toBe(3);
    expect(out.earlyEndCost).toBe(3 * 29_900);
  });

  it('the contract start day counts as its first payment, not one left', () => {
    const out = commitmentOutlook({ ...sixMonths, today: '2026-01-15' });
    expect(out.nextShipmentDate).toBe('2026-01-15');
    expect(out.paymentsLeft).toBe(5);
  });

  it('in the last month nothing is left, and a renewing plan ships on past the end', () => {
    const last = commitmentOutlook({ ...sixMonths, today: '2026-06-20' });
    expect(last).toEqual({
      nextShipmentDate: '2026-07-15',
      paymentsLeft: 0,
      nextPaymentDate: null,
      earlyEndCost: 0,
    });
  });

  it('a plan that does not renew ships nothing after its end', () => {
    const out = commitmentOutlook({ ...sixMonths, today: '2026-06-20', renews: false });
    expect(out.nextShipmentDate).toBeNull();
    // Cancelling does not cancel the commitment: the payments left stay due, and are charged
    // on their days (issue 45: the renewals job collects them).
    expect(commitmentOutlook({ ...sixMonths, renews: false })).toMatchObject({
      earlyEndCost: 4 * 29_900,
      nextPaymentDate: '2026-03-15',
    });
  });

  it('keeps the start day through short months (Jan 31 ships Feb 28, then Mar 31)', () => {
    const base = { ...sixMonths, startDate: '2026-01-31', endDate: '2026-07-31' };
    expect(commitmentOutlook({ ...base, today: '2026-02-10' }).nextShipmentDate).toBe('2026-02-28');
    expect(commitmentOutlook({ ...base, today: '2026-03-01' }).nextShipmentDate).toBe('2026-03-31');
    expect(commitmentOutlook({ ...base, today: '2026-03-01' }).paymentsLeft).toBe(4);
  });

  it('month to month and upfront plans cost nothing more to end', () => {
    const monthly = { ...sixMonths, lengthMonths: 1, endDate: '2026-02-15', today: '2026-01-20' };
    expect(commitmentOutlook(monthly)).toEqual({
      nextShipmentDate: '2026-02-15',
      paymentsLeft: 0,
      nextPaymentDate: null,
      earlyEndCost: 0,
    });
    const upfront = commitmentOutlook({ ...sixMonths, upfront: true, pricePerPeriod: 150_000 });
    expect(upfront).toMatchObject({ nextShipmentDate: '2026-03-15', earlyEndCost: 0 });
  });

  it('a cancelled plan ships and owes nothing more', () => {
    expect(commitmentOutlook({ ...sixMonths, cancelled: true })).toEqual({
      nextShipmentDate: null,
      paymentsLeft: 0,
      nextPaymentDate: null,
      earlyEndCost: 0,
    });
  });
});
