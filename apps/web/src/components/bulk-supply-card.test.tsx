import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ELIGIBILITY_KEY } from '../lib/bulk/keys';
import { CUSTOMER, renderWithServices } from '../test/render-with-services';
import { BulkSupplyCard } from './bulk-supply-card';

const ELIGIBLE = {
  isBulkEligible: true,
  needsSyncEncounter: false,
  bulkOrderedTooRecently: false,
  hasRecentBulkAppointment: false,
  bulkAvailable: true,
};

function render(answer: () => unknown) {
  return renderWithServices(
    [
      { path: '/', element: <BulkSupplyCard /> },
      { path: '/bulk-order', element: <main aria-label="bulk order screen" /> },
    ],
    {
      path: '/',
      customer: CUSTOMER,
      answer: (name) => {
        if (name === 'IsBulkEligible') return answer();
        throw new Error(`No answer for ${name}`);
      },
    },
  );
}

describe('the way to /bulk-order (issue 44)', () => {
  it('offers an eligible customer to order vials and leads to /bulk-order', async () => {
    const { calls } = render(() => ({ isBulkEligible: ELIGIBLE }));
    const card = await screen.findByRole('region', { name: 'Order a bulk supply' });
    expect(card).toHaveTextContent('2 to 6 vials');
    expect(calls.find((c) => c.operation === 'IsBulkEligible')?.variables).toEqual({
      treatmentShortId: 'weightmanagement_bulk',
    });
    await userEvent.click(screen.getByRole('link', { name: 'Order vials' }));
    expect(await screen.findByRole('main', { name: 'bulk order screen' })).toBeInTheDocument();
  });

  it.each([
    ['not eligible', { ...ELIGIBLE, isBulkEligible: false, bulkOrderedTooRecently: true }],
    ['eligible but bulk ordering is no longer available', { ...ELIGIBLE, bulkAvailable: false }],
  ])('shows nothing to a customer who is %s', async (_, eligibility) => {
    const { queryClient } = render(() => ({ isBulkEligible: eligibility }));
    // The answer has arrived (the query holds it) and the card still is not there.
    await waitFor(() => expect(queryClient.getQueryState(ELIGIBILITY_KEY)?.status).toBe('success'));
    expect(screen.queryByRole('region', { name: 'Order a bulk supply' })).toBeNull();
  });

  it('shows nothing when eligibility cannot be read', async () => {
    const { queryClient } = render(() => {
      throw new Error('boom');
    });
    await waitFor(() => expect(queryClient.getQueryState(ELIGIBILITY_KEY)?.status).toBe('error'), {
      timeout: 5_000,
    });
    expect(screen.queryByRole('region', { name: 'Order a bulk supply' })).toBeNull();
  });
});
