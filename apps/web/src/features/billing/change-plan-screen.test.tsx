import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  monthlyPlan,
  PLAN_ID,
  renderWithBilling,
  type BillingFixtures,
} from '../../test/billing-test-server';
import { ChangePlanScreen, TreatmentChangeScreen } from './change-plan-screen';

const renderChange = (fixtures: BillingFixtures = {}, search = '?length=6') =>
  renderWithBilling(
    `/billing/change-subscription/${PLAN_ID}${search}`,
    '/billing/change-subscription/:subscriptionId',
    <ChangePlanScreen />,
    fixtures,
  );

const quotePanel = () => screen.getByRole('region', { name: 'Your price' });

describe('/billing/change-subscription/{id} (spec 02 §2, §3, §7)', () => {
  it('shows breadcrumbs from My Account, the quote for the chosen length, and pays the quote shown', async () => {
    const { calls, router, state } = renderChange();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'My Account' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(crumbs).getByRole('link', { name: 'Billing' })).toHaveAttribute(
      'href',
      '/billing',
    );
    expect(await screen.findByRole('radio', { name: /6 months/ })).toBeChecked();
    // 6 months at $249.00 plus the high-dose add-on the plan already has ($50.00 here).
    await within(quotePanel()).findByText('Due today');
    const panel = quotePanel();
    expect(within(panel).getByText('New price').nextSibling).toHaveTextContent('$299.00');
    expect(within(panel).getByText('Current price').nextSibling).toHaveTextContent('$349.00');
    expect(within(panel).getByText('Credit for unused days').nextSibling).toHaveTextContent(
      '-$247.63',
    );
    expect(within(panel).getByText('Due today').nextSibling).toHaveTextContent('$51.37');
    expect(within(panel).getByText('Charged to Visa ending in 4242')).toBeInTheDocument();
    expect(calls.find((c) => c.operation === 'GetSubscriptionPriceChangeQuote')?.variables).toEqual(
      {
        existingSubscriptionId: PLAN_ID,
        newSubscriptionPlanType: 'weightmanagement',
        newAddons: ['high-dose'],
        newContractLength: 6,
        isUpfrontPayment: false,
      },
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Confirm and pay $51.37' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'));
    const change = calls.find((c) => c.operation === 'ChangeCustomerSubscription');
    expect(change?.variables).toMatchObject({ quoteId: 'q-1', quoteSignature: 'sig-1' });
    expect(state.plan()?.term).toBe(6);
  });

  it('offers the 6-month upfront price only with the up_front_pricing flag on (spec 02 §6)', async () => {
    const upfront = 'Pay for the whole term up front';
    renderChange({ flags: { up_front_pricing: true } });
    const toggle = await screen.findByRole('switch', { name: upfront });
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
  });

  it('hides the upfront price with the up_front_pricing flag off', async () => {
    renderChange();
    // The pricing map has loaded: the lengths carry their prices.
    expect(await screen.findByRole('radio', { name: /6 months · \$/ })).toBeChecked();
    expect(screen.queryByRole('switch', { name: 'Pay for the whole term up front' })).toBeNull();
  });

  it('asks for a new quote when an add-on changes', async () => {
    const { calls } = renderChange();
    await within(await screen.findByRole('region', { name: 'Your price' })).findByText('Due today');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Extra medication' }));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.operation === 'GetSubscriptionPriceChangeQuote').at(-1)?.variables
          .newAddons,
      ).toEqual(['extra-meds', 'high-dose']),
    );
  });

  it("keeps the plan and shows the processor's message when the payment is declined (TC108)", async () => {
    const { router, state } = renderChange({
      changeError: { code: 'TC108', reason: 'insufficientFunds' },
    });
    const confirm = await within(
      await screen.findByRole('region', { name: 'Your price' }),
    ).findByRole('button', { name: /Confirm and pay/ });
    await userEvent.click(confirm);
    expect(
      await screen.findByText('The card has insufficient funds. Please use another card.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/billing/change-subscription/${PLAN_ID}`);
    expect(state.plan()?.term).toBe(1);
  });

  it('shows the catalogue message for a cancelled plan (TC107)', async () => {
    renderChange({ changeError: { code: 'TC107' } });
    await userEvent.click(
      await within(await screen.findByRole('region', { name: 'Your price' })).findByRole('button', {
        name: /Confirm and pay/,
      }),
    );
    expect(
      await screen.findByText('Your treatment change plan was cancelled.'),
    ).toBeInTheDocument();
  });

  it('shows TC103 when the plan pricing (treatment data) cannot be loaded', async () => {
    renderChange({ pricingError: 'TC103' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong with your treatment change.');
    expect(alert).toHaveTextContent('TC103');
  });

  it('shows TC105 when the plan is not running (paused or future) and cannot be changed', async () => {
    renderChange({ quoteError: 'TC105' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong with your treatment change.');
    expect(alert).toHaveTextContent('TC105');
  });

  it('says when the choice is the current plan and asks for no quote', async () => {
    const { calls } = renderChange({}, '');
    expect(await screen.findByText('This is your current plan.')).toBeInTheDocument();
    expect(calls.some((c) => c.operation === 'GetSubscriptionPriceChangeQuote')).toBe(false);
  });

  it('quotes a testosterone plan (product trt) under its plan type, testosterone', async () => {
    const { calls } = renderChange({
      plan: monthlyPlan({
        plan_type: 'testosterone',
        item_price_id: 'trt-monthly-USD',
        addons: [],
      }),
    });
    await within(await screen.findByRole('region', { name: 'Your price' })).findByText('Due today');
    expect(
      calls.find((c) => c.operation === 'GetSubscriptionPriceChangeQuote')?.variables,
    ).toMatchObject({ newSubscriptionPlanType: 'testosterone', newContractLength: 6 });
    expect(calls.find((c) => c.operation === 'GetTreatmentPricingMap')?.variables).toEqual({
      itemPriceId: 'trt-monthly-USD',
    });
  });

  it('shows B100-style not-found for a plan that is not the viewer’s', async () => {
    renderWithBilling(
      '/billing/change-subscription/0d8e3a8e-0000-4000-8000-000000000000',
      '/billing/change-subscription/:subscriptionId',
      <ChangePlanScreen />,
    );
    expect(await screen.findByText("We couldn't find this plan.")).toBeInTheDocument();
  });
});

describe('/treatment-change (spec 02 §2)', () => {
  it('moves to another treatment through the same quote', async () => {
    const { calls } = renderWithBilling(
      '/treatment-change',
      '/treatment-change',
      <TreatmentChangeScreen />,
      {
        treatments: [
          {
            Name: 'Weight Management',
            TreatmentShortId: 'weightmanagement',
            ItemPriceId: 'weightmanagement-monthly-USD',
          },
          {
            Name: 'Testosterone',
            TreatmentShortId: 'testosterone',
            ItemPriceId: 'trt-monthly-USD',
          },
        ],
      },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Change your treatment' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Weight Management' })).toBeNull();
    await userEvent.click(await screen.findByRole('radio', { name: 'Testosterone' }));
    await within(screen.getByRole('region', { name: 'Your price' })).findByText('Due today');
    expect(
      calls.find((c) => c.operation === 'GetSubscriptionPriceChangeQuote')?.variables,
    ).toMatchObject({ newSubscriptionPlanType: 'testosterone', newAddons: [] });
    // Its lengths and prices come from its own plan's item price (the billing product, trt).
    expect(
      calls.filter((c) => c.operation === 'GetTreatmentPricingMap').map((c) => c.variables),
    ).toContainEqual({ itemPriceId: 'trt-monthly-USD' });
  });
});
