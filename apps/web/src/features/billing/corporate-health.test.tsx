import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLAN_ID, renderWithBilling } from '../../test/billing-test-server';
import { BillingScreen } from './billing-screen';
import { ChangePlanScreen } from './change-plan-screen';

// Spec 02 §6: the corporate-health mode (personify tag and personify_health flag, decided by
// the server as corporate_health). The employer's programme holds the membership: billing
// says so and offers no plan, length or treatment change, nor an upfront price.

const NOW = new Date('2026-03-10T18:00:00Z');
const NOTICE = "Your membership is covered by your employer's health program";

const billing = (corporateHealth: boolean) =>
  renderWithBilling('/billing?tab=plan', '/billing', <BillingScreen now={NOW} />, {
    corporateHealth,
  });

describe('corporate-health mode on billing (spec 02 §6)', () => {
  it('names the programme and offers no plan, length or treatment change', async () => {
    billing(true);
    const plan = await screen.findByRole('article', { name: 'Month to month' });
    expect(await within(plan).findByRole('heading', { name: NOTICE })).toBeInTheDocument();
    expect(within(plan).getByText(/Personify Health/)).toBeInTheDocument();
    expect(within(plan).queryByRole('link', { name: 'Change plan' })).toBeNull();
    expect(within(plan).queryByRole('link', { name: 'Change treatment' })).toBeNull();
    expect(within(plan).queryByRole('button', { name: 'Review change' })).toBeNull();
    // A month-to-month plan is cancelled, not changed, any time.
    expect(within(plan).getByText('No commitment: you can cancel any time.')).toBeInTheDocument();
    // The card and the cancellation stay the customer's.
    expect(within(plan).getByText('Visa ending in 4242')).toBeInTheDocument();
    expect(within(plan).getByRole('button', { name: 'Cancel plan' })).toBeInTheDocument();
  });

  it('off (the server said no: tag or flag missing), billing is as usual', async () => {
    const { calls } = billing(false);
    const plan = await screen.findByRole('article', { name: 'Month to month' });
    expect(await within(plan).findByRole('button', { name: 'Review change' })).toBeInTheDocument();
    expect(calls.some((c) => c.operation === 'GetCorporateHealth')).toBe(true);
    expect(within(plan).queryByRole('heading', { name: NOTICE })).toBeNull();
    expect(
      within(plan).getByText('No commitment: you can change or cancel any time.'),
    ).toBeInTheDocument();
  });

  it('the change screen shows the notice instead of the form, and asks for no quote', async () => {
    const { calls } = renderWithBilling(
      `/billing/change-subscription/${PLAN_ID}?length=6`,
      '/billing/change-subscription/:subscriptionId',
      <ChangePlanScreen />,
      { corporateHealth: true },
    );
    expect(await screen.findByRole('heading', { name: NOTICE })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to billing' })).toHaveAttribute(
      'href',
      '/billing',
    );
    expect(screen.queryByRole('region', { name: 'Your price' })).toBeNull();
    expect(calls.some((c) => c.operation === 'GetSubscriptionPriceChangeQuote')).toBe(false);
  });
});
