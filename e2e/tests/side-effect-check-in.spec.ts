import { expect, test } from '@playwright/test';
import { expectAccessible, isOperation, shoot, signIn } from './support';
import {
  bookVisit,
  createPatient,
  daysAgo,
  prescribeSemaglutide as prescribe,
} from './support-customers';

// Issue 44: the side-effect check-in is offered where a patient looks (home's next step and
// /prescriptions) after a dose change, and an answer triaged urgent says what to do now first.

test('a patient whose dose changed is offered the check-in; an urgent answer shows what to do now first', async ({
  page,
  request,
}) => {
  const patient = await createPatient(request, { tag: 'check-in', stateCode: 'NY' });
  // In care: a past visit, then two prescriptions, the newer at a higher weekly dose.
  await bookVisit(request, patient, { days: -41 });
  await prescribe(request, patient.customerId, 0.25, daysAgo(40));
  await prescribe(request, patient.customerId, 0.5, daysAgo(2));

  await page.goto('/');
  await signIn(page, patient.email, patient.password);
  const step = page.getByRole('region', { name: 'Check in about side effects' });
  await expect(step).toBeVisible();
  await expect(step.getByText(/Your dose changed/)).toBeVisible();
  await shoot(page, 'check-in-home');

  await page.goto('/prescriptions');
  const card = page.getByRole('region', { name: 'Your dose changed: check in about side effects' });
  await expect(card).toBeVisible();
  await expectAccessible(page, 'prescriptions with the check-in offer');
  await shoot(page, 'check-in-prescriptions');

  await page.goto('/');
  await step.getByRole('link', { name: 'Start check-in' }).click();
  await expect(page).toHaveURL(/\/forms\/side-effect-check-in$/);
  await expect(page.getByRole('heading', { level: 2, name: 'How are you feeling?' })).toBeVisible();
  // Nausea, rated severe; nothing else.
  for (const group of await page.getByRole('radiogroup').all()) {
    await group.getByRole('radio', { name: 'No' }).check();
  }
  await page
    .getByRole('radiogroup', { name: /nausea/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await page.getByRole('radio', { name: /Severe/ }).check();
  await page.getByRole('button', { name: 'Submit' }).click();

  const urgent = page.getByRole('alert').filter({ hasText: 'Get medical help now' });
  await expect(urgent).toBeVisible();
  await expect(urgent.getByRole('link', { name: 'Call 911' })).toHaveAttribute('href', 'tel:911');
  await expect(urgent).toBeFocused();
  // First on the page: above the form's title and the thank-you.
  const main = page.locator('main');
  const order = await main.evaluate((root) => {
    const urgentBox = root.querySelector('[data-urgent-guidance]')!.getBoundingClientRect();
    const title = root.querySelector('h1')!.getBoundingClientRect();
    return { urgent: urgentBox.top, title: title.top };
  });
  expect(order.urgent).toBeLessThan(order.title);
  await expectAccessible(page, 'urgent check-in result');
  await shoot(page, 'check-in-urgent');

  // Done: home no longer offers it.
  const checkIns = page.waitForResponse((r) => isOperation(r.request(), 'SideEffectCheckIns'));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /^Hi, / })).toBeVisible();
  await checkIns;
  await expect(page.getByRole('region', { name: 'Messages from your care team' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Check in about side effects' })).toHaveCount(0);
});
