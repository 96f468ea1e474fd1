import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, shoot, signIn } from './support';
import { customerAccessToken, graphql, json } from './support-api';
import { devTime, newConsoleAccount, signInToConsole, staffAccessToken } from './support-care-team';
import {
  bookVisit,
  createPatient,
  daysAgo,
  giveBilledPlan,
  prescribeSemaglutide,
  staffPost,
  type Patient,
} from './support-customers';

// Issue 41: queue item kinds from arrival to done, each with patients of its own. An item
// arrives the way production makes it (the patient's own action in the portal, the staff or
// carrier route that records it, or the renewals job), a care member handles it in the console,
// and it leaves the queue. Bulk orders and ID checks are care-console.spec.ts's.
//
// The suite's server runs on the real clock without its jobs (JOBS_ENABLED=false): a plan a
// month old and the renewals job's pass come from the development routes (devTime), for the
// test's own patient only.

test.use({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
test.describe.configure({ timeout: 240_000 });

/** The queue's search takes the typed text on Enter. */
async function searchFor(page: Page, patient: Patient): Promise<void> {
  const search = page.getByRole('searchbox', { name: 'Search by patient' });
  await search.fill(patient.email);
  await search.press('Enter');
}

/** The console's queue, narrowed to one patient by the search box. */
async function queueOf(page: Page, patient: Patient) {
  await page.getByRole('link', { name: 'Queue' }).first().click();
  await expect(page.getByRole('heading', { name: 'Queue', level: 1 })).toBeVisible();
  await searchFor(page, patient);
  return page.getByRole('grid', { name: 'Care queue' });
}

test('a side-effect check-in triaged urgent tops the queue and is marked dealt with', async ({
  browser,
  page,
  request,
}) => {
  const patient = await createPatient(request, { tag: 'qk-side', stateCode: 'NY' });
  await bookVisit(request, patient, { days: -43 });
  await prescribeSemaglutide(request, patient.customerId, 0.25, daysAgo(42));
  await prescribeSemaglutide(request, patient.customerId, 0.5, daysAgo(3));

  // Arrival: the patient answers the check-in in the portal; severe nausea is triaged urgent.
  const context = await browser.newContext();
  const portal = await context.newPage();
  await portal.goto('/forms/side-effect-check-in');
  await signIn(portal, patient.email, patient.password);
  await expect(
    portal.getByRole('heading', { level: 2, name: 'How are you feeling?' }),
  ).toBeVisible();
  for (const group of await portal.getByRole('radiogroup').all()) {
    await group.getByRole('radio', { name: 'No' }).check();
  }
  await portal
    .getByRole('radiogroup', { name: /nausea/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await portal.getByRole('radio', { name: /Severe/ }).check();
  await portal.getByRole('button', { name: 'Submit' }).click();
  await expect(portal.getByRole('alert').filter({ hasText: 'Get medical help now' })).toBeVisible();
  await context.close();

  await signInToConsole(page, await newConsoleAccount(request, 'care'));
  const grid = await queueOf(page, patient);
  const row = grid.getByRole('row', { name: /Urgent side-effect check-in/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('Urgent', { exact: true })).toBeVisible();
  // Urgent first: the patient's first row is this one.
  await expect(grid.getByRole('row').nth(1)).toContainText('Urgent side-effect check-in');

  await row.dblclick();
  const item = page.getByRole('region', { name: /queue item/i });
  await expect(item.getByText('Side effect', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: /Mark as dealt with/ }).click();
  await expect(page.getByRole('heading', { name: 'Queue', level: 1 })).toBeVisible();
  await searchFor(page, patient);
  await expect(grid.getByText('Urgent side-effect check-in')).toHaveCount(0);

  // Done on the server too: the queue has nothing left of that kind for the patient.
  const left = await request.get(
    `/staff/queue?kind=side_effect&search=${encodeURIComponent(patient.email)}`,
    { headers: { authorization: `Bearer ${await staffAccessToken(request)}` } },
  );
  expect(((await left.json()) as { items: unknown[] }).items).toHaveLength(0);
});

test('a stalled shipment is listed and leaves the queue once the care team records delivery', async ({
  page,
  request,
}) => {
  const patient = await createPatient(request, { tag: 'qk-ship', stateCode: 'NY' });
  const prescription = await prescribeSemaglutide(request, patient.customerId, 0.25, daysAgo(10));
  // Arrival: the carrier's scans, through the staff route the carrier's tracker posts to as
  // well: picked up and in transit nine days ago, nothing since (stalled after five days).
  const shipment = await staffPost(request, `/staff/prescriptions/${prescription.id}/shipments`, {
    carrier: 'ups',
    trackingNumber: `1Z${String(Date.now()).slice(-12)}`,
  });
  await staffPost(request, `/staff/shipments/${shipment.id}/events`, {
    events: [
      { status: 'label_created', occurredAt: daysAgo(9.5) },
      { status: 'in_transit', occurredAt: daysAgo(9), location: 'Memphis, TN' },
    ],
  });

  await signInToConsole(page, await newConsoleAccount(request, 'care'));
  const grid = await queueOf(page, patient);
  const row = grid.getByRole('row', { name: /Shipment stalled/ });
  await expect(row).toBeVisible();

  await row.dblclick();
  const item = page.getByRole('region', { name: /queue item/i });
  await item.getByRole('button', { name: /Update the shipment/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Update the shipment' });
  await dialog.getByRole('combobox', { name: 'New status' }).click();
  await page.getByRole('option', { name: /\(delivered\)$/ }).click();
  await dialog.getByRole('textbox', { name: 'Message (optional)' }).fill('Left at the front door');
  await dialog.getByRole('button', { name: 'Add event' }).click();
  await expect(page.getByRole('heading', { name: 'Queue', level: 1 })).toBeVisible();
  await searchFor(page, patient);
  await expect(grid.getByText('Shipment stalled')).toHaveCount(0);
});

/** The patient's items of one kind in the queue, as the staff API lists them. */
async function itemsLeft(request: APIRequestContext, kind: string, patient: Patient) {
  const left = await request.get(
    `/staff/queue?kind=${kind}&search=${encodeURIComponent(patient.email)}`,
    { headers: { authorization: `Bearer ${await staffAccessToken(request)}` } },
  );
  return (await json<{ items: unknown[] }>(left)).items;
}

/** The queue item opened from its row: the patient's page with the item's action bar. */
async function openItem(page: Page, patient: Patient, title: RegExp) {
  const grid = await queueOf(page, patient);
  // The patient's row: until the search lands, the grid still shows everyone's.
  const row = grid.getByRole('row', { name: title }).filter({ hasText: patient.email });
  await expect(row).toBeVisible();
  await row.dblclick();
  return { grid, item: page.getByRole('region', { name: /queue item/i }) };
}

/** The queue, searched for the patient, has no row with that title any more. */
async function gone(page: Page, patient: Patient, title: string) {
  await expect(page.getByRole('heading', { name: 'Queue', level: 1 })).toBeVisible();
  await searchFor(page, patient);
  const grid = page.getByRole('grid', { name: 'Care queue' });
  await expect(
    grid.getByRole('row').filter({ hasText: title }).filter({ hasText: patient.email }),
  ).toHaveCount(0);
}

test('a submitted follow-up waits for a review, is read and marked reviewed', async ({
  browser,
  page,
  request,
}) => {
  const patient = await createPatient(request, { tag: 'qk-form', stateCode: 'NY' });

  // Arrival: the patient answers the 6-month follow-up in the portal.
  const context = await browser.newContext();
  const portal = await context.newPage();
  await portal.goto('/forms/wm-follow-up');
  await signIn(portal, patient.email, patient.password);
  await expect(portal.getByRole('heading', { level: 2, name: 'Your progress' })).toBeVisible({
    timeout: 30_000,
  });
  await portal.getByRole('textbox', { name: /Height \(feet\)/ }).fill('5');
  await portal.getByRole('textbox', { name: /Height \(inches\)/ }).fill('8');
  await portal.getByRole('textbox', { name: /Current weight/ }).fill('180');
  await portal.getByRole('radio', { name: 'Somewhat satisfied' }).check();
  await portal.getByRole('button', { name: 'Save and continue' }).click();
  await expect(
    portal.getByRole('heading', { level: 2, name: 'Changes since your last visit' }),
  ).toBeVisible();
  const answer = (question: RegExp, choice: string) =>
    portal.getByRole('radiogroup', { name: question }).getByRole('radio', { name: choice }).check();
  await answer(/new condition/, 'Yes');
  await portal.getByRole('textbox', { name: /Which conditions/ }).fill('Asthma since May');
  await answer(/new medication/, 'No');
  await answer(/severe stomach pain/, 'No');
  await portal.getByRole('button', { name: 'Submit' }).click();
  await expect(portal.getByText('Thank you, your answers are in')).toBeVisible();
  await context.close();

  await signInToConsole(page, await newConsoleAccount(request, 'care'));
  const { item } = await openItem(page, patient, /Form to review/);
  await expect(item.getByText('Form review', { exact: true })).toBeVisible();
  // The nurse reads the answers: the item's form is open on the patient's forms.
  const forms = page.getByRole('region', { name: 'Forms' });
  await expect(forms.getByText('Waiting for review', { exact: false })).toBeVisible();
  await expect(forms.getByText('Which conditions?')).toBeVisible();
  await expect(forms.getByText('Asthma since May')).toBeVisible();
  await expect(forms.getByText('Somewhat satisfied')).toBeVisible();
  await expectAccessible(page, 'console form review');
  await shoot(page, 'care-form-review');

  await item.getByRole('button', { name: /Mark as reviewed/ }).click();
  await gone(page, patient, 'Form to review');
  expect(await itemsLeft(request, 'form_review', patient)).toHaveLength(0);
});

/** The patient replaces their card in the portal's API with one the sandbox charges. */
async function replaceCard(request: APIRequestContext, patient: Patient, old: string | null) {
  const { token } = await json<{ token: string }>(
    await request.post('/gateway/sandbox/tokens', {
      data: { cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    }),
  );
  await graphql(
    request,
    await customerAccessToken(request, patient.email, patient.password),
    `
      mutation ($old: ID, $token: String!) {
        replacePaymentSource(oldPaymentSourceId: $old, paymentToken: $token) {
          statusCode
        }
      }
    `,
    { old, token },
  );
}

test('a declined renewal is retried from the console once the patient has a working card', async ({
  page,
  request,
}) => {
  const patient = await createPatient(request, { tag: 'qk-renew', stateCode: 'NY' });
  // A card the sandbox saves but declines when charged; the plan started a month ago.
  const plan = await giveBilledPlan(request, patient.customerId, {
    cardNumber: '4000000000000341',
  });
  await devTime.backdatePlans(request, patient.customerId, 32);
  // Arrival: the renewals job charges the month due, and the card is declined.
  expect((await devTime.runRenewals(request, patient.customerId)).declined).toBe(1);

  await signInToConsole(page, await newConsoleAccount(request, 'care'));
  let { item } = await openItem(page, patient, /Renewal payment failed/);
  await expect(item.getByText('Renewal failed', { exact: true })).toBeVisible();
  await expectAccessible(page, 'console renewal failed');
  await shoot(page, 'care-renewal-failed');
  // The same card: declined again, and the console says what to do.
  await item.getByRole('button', { name: /Retry the payment/ }).click();
  await expect(item.getByRole('alert')).toContainText('The card was declined again');

  // The patient puts in a working card; the new attempt is the queue's item now.
  await replaceCard(request, patient, plan.paymentSourceId);
  ({ item } = await openItem(page, patient, /Renewal payment failed/));
  await item.getByRole('button', { name: /Retry the payment/ }).click();
  await gone(page, patient, 'Renewal payment failed');
  expect(await itemsLeft(request, 'renewal_failed', patient)).toHaveLength(0);
});

test('a patient with no weight for 30 days is listed until they log one in the portal', async ({
  browser,
  page,
  request,
}) => {
  const patient = await createPatient(request, { tag: 'qk-weight', stateCode: 'NY' });
  // Arrival: their plan has been active for 31 days, and they never logged a weight.
  await devTime.backdatePlans(request, patient.customerId, 31);

  await signInToConsole(page, await newConsoleAccount(request, 'care'));
  const { item } = await openItem(page, patient, /No weight for 30 days/);
  await expect(item.getByText('No weight', { exact: true })).toBeVisible();
  await expectAccessible(page, 'console no weight');
  await shoot(page, 'care-no-weight');
  await item.getByRole('button', { name: /Back to the queue/ }).click();

  // Done: the patient logs today's weight in the portal.
  const context = await browser.newContext();
  const portal = await context.newPage();
  await portal.goto('/weight');
  await signIn(portal, patient.email, patient.password);
  await portal.getByRole('button', { name: 'Log weight' }).click();
  const dialog = portal.getByRole('dialog', { name: 'Log your weight' });
  await dialog.getByLabel("Today's weight (lb)").fill('182.4');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(portal.getByRole('dialog', { name: 'Saved' })).toBeVisible();
  await context.close();

  // The nurse still has the queue open: Refresh shows the item gone.
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await gone(page, patient, 'No weight for 30 days');
  expect(await itemsLeft(request, 'no_weight', patient)).toHaveLength(0);
});
