import { expect, test } from '@playwright/test';
import { createNewcomer, giveBilledPlan } from './support-customers';
import { expectAccessible, shoot, signIn } from './support';

// Issue 44 in the browser: a customer on a weight-management plan sees the lite program
// (GetLiteProgramPricing, spec 02 §9: compounded semaglutide at 10 units, 0.25 mg, a week)
// with its prices beside the plan choice; a testosterone plan does not.

test('a weight-management plan change shows the lite program dose and prices', async ({
  page,
  request,
}) => {
  test.slow();
  const me = await createNewcomer(request, 'lite-program');
  const plan = await giveBilledPlan(request, me.customerId, { contractLength: 1 });
  await page.goto('/');
  await signIn(page, me.email, me.password);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.goto(`/billing/change-subscription/${plan.subscriptionId}?length=6`);
  const lite = page.getByRole('region', { name: 'Lite program' });
  await expect(lite).toBeVisible({ timeout: 30_000 });
  await expect(
    lite.getByText(/Compounded semaglutide at 10 units \(0\.25 mg\) per week/),
  ).toBeVisible();
  await expect(lite.getByText('Month to month: $149.00 a month')).toBeVisible();
  await expect(lite.getByText('3 months: $129.00 a month')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Your price' }).getByText('Due today'),
  ).toBeVisible();
  await expectAccessible(page, 'plan change with the lite program');
  await shoot(page, 'lite-program');
});

test('a plan of another treatment shows no lite program', async ({ page, request }) => {
  test.slow();
  const me = await createNewcomer(request, 'lite-none');
  const plan = await giveBilledPlan(request, me.customerId, {
    treatmentShortId: 'testosterone',
    contractLength: 1,
  });
  await page.goto('/');
  await signIn(page, me.email, me.password);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  // The lite plans have arrived (so an absent card is not a card still loading).
  const litePricing = page.waitForResponse((r) => r.url().includes('GetLiteProgramPricing'));
  await page.goto(`/billing/change-subscription/${plan.subscriptionId}?length=6`);
  await expect(page.getByRole('radio', { name: /^6 months/ })).toBeChecked({ timeout: 30_000 });
  expect((await litePricing).ok()).toBe(true);
  await expect(page.getByRole('region', { name: 'Lite program' })).toHaveCount(0);
});
