import { expect, test } from '@playwright/test';
import { expectAccessible, shoot, signIn } from './support';
import { customerAccessToken, setCustomerFlag, setCustomerTags } from './support-api';
import { staffAccessToken } from './support-care-team';
import { createNewcomer, giveBilledPlan } from './support-customers';

// Issue 44 in the browser. Spec 02 §6: "A corporate-health mode needs the personify tag and the
// personify_health flag". An admin tags the patient through the staff API; the portal then
// shows the membership as covered by the employer's programme, offers no plan or treatment
// change, and the server refuses a quote itself (TC105 employer_covered). And the plan change
// of a testosterone patient, whose plan type (testosterone) is not its billing product (trt).

const COVERED = "Your membership is covered by your employer's health program";

const QUOTE = `query Q($sub: ID!) {
  subscriptionPriceChangeQuote(existingSubscriptionId: $sub, newSubscriptionPlanType: "weightmanagement",
    newContractLength: 3) { id }
}`;

test('a testosterone patient changes plan: quoted and changed as testosterone, billed as trt', async ({
  page,
  request,
}) => {
  test.slow();
  const me = await createNewcomer(request, 'trt-change');
  const plan = await giveBilledPlan(request, me.customerId, {
    treatmentShortId: 'testosterone',
    contractLength: 1,
  });
  await page.goto('/');
  await signIn(page, me.email, me.password);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.goto(`/billing/change-subscription/${plan.subscriptionId}?length=3`);
  await expect(page.getByRole('radio', { name: /^3 months · \$/ })).toBeChecked({
    timeout: 30_000,
  });
  const quote = page.getByRole('region', { name: 'Your price' });
  await expect(quote.getByText('Due today')).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'testosterone plan change');
  await shoot(page, 'testosterone-plan-change');
  // A month's credit covers the first period of the cheaper plan: nothing due, "Confirm change".
  await expect(quote.getByText('Due today').locator('xpath=..')).toContainText('$0.00');
  await quote.getByRole('button', { name: 'Confirm change' }).click();
  await expect(page).toHaveURL(/\/billing\?tab=plan$/);
  await expect(page.getByText('Your plan is changed.')).toBeVisible();
  await expect(page.getByRole('heading', { name: '3-month plan', level: 2 })).toBeVisible();
});

test('/treatment-change: a weight-management patient moves to testosterone, priced from its trt plans', async ({
  page,
  request,
}) => {
  test.slow();
  const me = await createNewcomer(request, 'to-trt');
  await giveBilledPlan(request, me.customerId, { contractLength: 1 });
  await page.goto('/');
  await signIn(page, me.email, me.password);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.goto('/treatment-change');
  await expect(
    page.getByRole('heading', { name: 'Change your treatment', level: 1 }),
  ).toBeVisible();
  await page.getByRole('radio', { name: 'Testosterone' }).check({ timeout: 30_000 });
  // The bulk supply is sold without a plan: no treatment change leads to it.
  await expect(page.getByRole('radio', { name: /Semaglutide Bulk/ })).toHaveCount(0);
  // The lengths and their prices are testosterone's (the treatment configuration's item price,
  // trt-monthly-USD): a pricing map asked for testosterone-monthly-USD answered TC103.
  await expect(page.getByRole('radio', { name: 'Monthly · $149.00 a month' })).toBeChecked({
    timeout: 30_000,
  });
  await expect(page.getByRole('radio', { name: '12 months · $119.00 a month' })).toBeVisible();
  const quote = page.getByRole('region', { name: 'Your price' });
  await expect(quote.getByText('Due today')).toBeVisible({ timeout: 30_000 });
  await expect(quote.getByText('New price').locator('xpath=..')).toContainText('$149.00');
  await expectAccessible(page, 'treatment change');
  await shoot(page, 'treatment-change-testosterone');
  await quote.getByRole('button', { name: /^Confirm (change|and pay)/ }).click();
  await expect(page).toHaveURL(/\/billing\?tab=plan$/);
  await expect(page.getByText('Your plan is changed.')).toBeVisible();
});

test('corporate health: the personify tag and flag show the membership as covered, with no plan change', async ({
  page,
  request,
}) => {
  test.slow();
  const me = await createNewcomer(request, 'corporate-health');
  const plan = await giveBilledPlan(request, me.customerId, { contractLength: 1 });
  const staff = await staffAccessToken(request);
  expect(await setCustomerTags(request, staff, me.customerId, ['personify'])).toEqual([
    'personify',
  ]);
  await setCustomerFlag(request, staff, me.customerId, 'personify_health', true);

  await page.goto('/');
  await signIn(page, me.email, me.password);
  await expect(page.getByRole('heading', { name: COVERED })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'home, corporate health');
  await shoot(page, 'corporate-health-home');

  await page.goto('/billing');
  const card = page.getByRole('article');
  await expect(card.getByRole('heading', { name: COVERED, level: 3 })).toBeVisible({
    timeout: 30_000,
  });
  // The card and the cancellation stay the customer's; plan, length and treatment do not.
  await expect(card.getByRole('button', { name: 'Cancel plan' })).toBeVisible();
  await expect(card.getByText('No commitment: you can cancel any time.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Change plan' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Change treatment' })).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expectAccessible(page, 'billing, corporate health');
  await shoot(page, 'corporate-health-billing');

  // Typing the change address shows the notice instead of the form.
  await page.goto(`/billing/change-subscription/${plan.subscriptionId}?length=3`);
  await expect(page.getByRole('heading', { name: COVERED })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Back to billing' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your price' })).toHaveCount(0);
  await expectAccessible(page, 'plan change, corporate health');
  await shoot(page, 'corporate-health-change');

  // The server refuses the quote itself, whatever a client sends.
  const token = await customerAccessToken(request, me.email, me.password);
  const refused = await request.post('/graphql', {
    headers: { authorization: `Bearer ${token}` },
    data: { query: QUOTE, variables: { sub: plan.subscriptionId } },
  });
  const body = (await refused.json()) as { errors?: { extensions?: Record<string, unknown> }[] };
  expect(body.errors?.[0]?.extensions).toMatchObject({
    code: 'TC105',
    reason: 'employer_covered',
  });

  // Without the tag (the flag still on) the mode is off and the plan is the customer's again.
  expect(await setCustomerTags(request, staff, me.customerId, [])).toEqual([]);
  await page.goto('/billing');
  await expect(page.getByRole('link', { name: 'Change plan' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: COVERED })).toHaveCount(0);
});
