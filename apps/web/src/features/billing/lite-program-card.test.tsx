import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { monthlyPlan, PLAN_ID, renderWithBilling } from '../../test/billing-test-server';
import { ChangePlanScreen } from './change-plan-screen';

// Spec 02 §3, §7, §9: GetLiteProgramPricing's plans and the lite dose (compounded semaglutide
// at 10 units, 0.25 mg, a week), beside the plan choice of a customer on its treatment.

const renderChange = () =>
  renderWithBilling(
    `/billing/change-subscription/${PLAN_ID}?length=6`,
    '/billing/change-subscription/:subscriptionId',
    <ChangePlanScreen />,
  );

describe('the lite program on the plan change (spec 02 §9)', () => {
  it('shows the weekly dose and each lite plan price for a weight-management plan', async () => {
    const { calls } = renderChange();
    const lite = await screen.findByRole('region', { name: 'Lite program' });
    expect(
      within(lite).getByText(/Compounded semaglutide at 10 units \(0\.25 mg\) per week/),
    ).toBeInTheDocument();
    expect(within(lite).getByText('Month to month: $149.00 a month')).toBeInTheDocument();
    expect(within(lite).getByText('3 months: $129.00 a month')).toBeInTheDocument();
    expect(calls.some((c) => c.operation === 'GetLiteProgramPricing')).toBe(true);
  });

  it('shows nothing on a plan of another treatment', async () => {
    renderWithBilling(
      `/billing/change-subscription/${PLAN_ID}?length=6`,
      '/billing/change-subscription/:subscriptionId',
      <ChangePlanScreen />,
      {
        plan: monthlyPlan({
          plan_type: 'testosterone',
          item_price_id: 'trt-monthly-USD',
          addons: [],
        }),
      },
    );
    await within(await screen.findByRole('region', { name: 'Your price' })).findByText('Due today');
    expect(screen.queryByRole('region', { name: 'Lite program' })).toBeNull();
  });
});
