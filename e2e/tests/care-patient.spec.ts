import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accessibilityFindings, DEMO, shoot, signIn } from './support';
import { customerAccessToken, graphql, json } from './support-api';
import {
  CareTeam,
  newConsoleAccount,
  signInToConsole,
  staffAccessToken,
} from './support-care-team';
import { createNewcomer, giveBilledPlan } from './support-customers';

// Issue 41, the patient page: a patient of the test's own has paid for a bulk order (a charge
// and its invoice), submitted a side-effect check-in and placed a new bulk order. The care
// team opens the patient, sees the invoice, the charge and the form's answers, declines the
// order with a reason, and the patient is told. Axe at 1280 and 390 on each tab; screenshots of
// every tab at both widths when SHOTS_DIR is set.

const REASON = 'Your last visit was too long ago. Please book a follow-up first.';

test.use({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
test.describe.configure({ timeout: 240_000 });

/** Signs the console in as a care member of the test's own; the caller then opens the patient. */
async function staffSignIn(page: Page, request: APIRequestContext): Promise<void> {
  await signInToConsole(page, await newConsoleAccount(request, 'care'));
}

async function accessibleAtBothWidths(page: Page, screen: string): Promise<void> {
  const findings = await accessibilityFindings(page, screen);
  await page.setViewportSize({ width: 1280, height: 900 });
  expect.soft(findings.length, `\n${findings.join('\n\n')}\n`).toBe(0);
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

const TABS = [
  ['Profile & addresses', 'profile'],
  ['Plan & billing', 'billing'],
  ['Prescriptions', 'prescriptions'],
  ['Weight', 'weight'],
  ['Forms', 'forms'],
  ['ID documents', 'id'],
  ['Bulk orders', 'bulk'],
  ['Messages', 'messages'],
  ['Appointments', 'appointments'],
  ['Audit trail', 'audit'],
] as const;

test("every tab of the demo patient's page: axe at 1280 and 390, and its screens", async ({
  page,
  request,
}) => {
  test.slow();
  // Read only: the demo patient's seeded rows stay as they are for the other specs.
  const found = await json<{ items: { id: string }[] }>(
    await request.get(`/staff/customers?search=${encodeURIComponent(DEMO.alex.email)}`, {
      headers: { authorization: `Bearer ${await staffAccessToken(request)}` },
    }),
  );
  const alexId = found.items[0]?.id ?? '';
  expect(alexId).not.toBe('');
  await staffSignIn(page, request);
  await page.goto(`/care/patients/${alexId}`);
  for (const [tab, name] of TABS) {
    await openTab(page, tab);
    await accessibleAtBothWidths(page, `care patient ${name}`);
    await shoot(page, `care-demo-${name}`);
  }
});

test('the care team reads a patient whole and declines a bulk order; the patient is told', async ({
  browser,
  page,
  request,
}) => {
  test.slow();
  // The patient: a plan with a card, a paid bulk order (a charge and its invoice), a check-in.
  const patient = await createNewcomer(request, 'care-patient');
  await giveBilledPlan(request, patient.customerId, { contractLength: 1 });
  const care = await CareTeam.signIn(request);
  const actionId = await care.approveBulkOrder(patient.customerId, 2);
  const token = await customerAccessToken(request, patient.email, patient.password);
  const paid = await graphql<{
    purchaseBulkWithChargebee: { data: { purchaseSucceeded: boolean } };
  }>(
    request,
    token,
    `
      mutation P($id: ID!) {
        purchaseBulkWithChargebee(customerActionId: $id) {
          data {
            purchaseSucceeded
          }
        }
      }
    `,
    { id: actionId },
  );
  expect(paid.purchaseBulkWithChargebee.data.purchaseSucceeded).toBe(true);

  const customer = await browser.newContext();
  const home = await customer.newPage();
  await home.goto('/forms/side-effect-check-in');
  await signIn(home, patient.email, patient.password);
  await expect(home.getByRole('heading', { level: 2, name: 'How are you feeling?' })).toBeVisible({
    timeout: 30_000,
  });
  for (const question of [/nausea/, /vomited/, /stomach area/, /any other symptom/]) {
    await home
      .getByRole('radiogroup', { name: question })
      .getByRole('radio', { name: 'No' })
      .check();
  }
  await home.getByRole('button', { name: 'Submit' }).click();
  await expect(home.getByText('Thank you for checking in.')).toBeVisible();
  // A new order of 3 vials, waiting on the care team.
  const ordered = await graphql<{ submitBulkOrder: { data: { id: string; status: string } } }>(
    request,
    token,
    `
      mutation S($v: Int) {
        submitBulkOrder(vialCount: $v) {
          data {
            id
            status
          }
        }
      }
    `,
    { v: 3 },
  );
  expect(ordered.submitBulkOrder.data.status).toBe('awaiting_approval');

  // The care team opens the patient.
  await staffSignIn(page, request);
  await page.goto(`/care/patients/${patient.customerId}?section=billing`);
  await expect(page.getByRole('tab', { name: 'Plan & billing', selected: true })).toBeVisible();
  const invoices = page.getByRole('table', { name: 'Invoices' });
  await expect(invoices.getByText(/^INV-\d{6}$/)).toBeVisible();
  await expect(invoices.getByRole('button', { name: /^Download invoice INV-/ })).toBeVisible();
  const charges = page.getByRole('table', { name: 'Charges' });
  await expect(charges.getByRole('button', { name: /^Refund/ })).toBeVisible();
  await accessibleAtBothWidths(page, 'care patient billing');

  await openTab(page, 'Forms');
  await expect(page.getByText('Side-effect check-in')).toBeVisible();
  await page.getByText('Side-effect check-in').click();
  await expect(page.getByText('Have you had nausea since your last dose?')).toBeVisible();
  await accessibleAtBothWidths(page, 'care patient forms');

  // The screens, each tab at 1280 and 390 (SHOTS_DIR set).
  for (const [tab, name] of TABS) {
    await openTab(page, tab);
    await shoot(page, `care-patient-${name}`);
  }

  // Decline the order with a reason.
  await openTab(page, 'Bulk orders');
  await accessibleAtBothWidths(page, 'care patient bulk orders');
  await page.getByRole('button', { name: /^Decline the order of 3 vials/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline the bulk order' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: /Reason/ }).fill(REASON);
  await accessibleAtBothWidths(page, 'care decline dialog');
  await shoot(page, 'care-patient-decline-dialog');
  await dialog.getByRole('button', { name: 'Decline order' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^Decline the order/ })).toHaveCount(0);
  await expect(page.getByText('Declined').first()).toBeVisible();

  // Send a message from the messages tab (no templates needed: free text works too).
  await openTab(page, 'Messages');
  await page.getByRole('button', { name: 'Send a message' }).click();
  const message = page.getByRole('dialog', { name: 'Send a message' });
  await expect(message.getByRole('combobox', { name: /Template/ })).toBeVisible();
  await accessibleAtBothWidths(page, 'care message dialog');
  await shoot(page, 'care-patient-message-dialog');
  await message.getByRole('button', { name: 'Cancel' }).click();

  // The patient sees it declined, with the reason.
  await home.goto('/');
  await home.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
  const bell = home.getByRole('dialog', { name: 'Notifications' });
  await expect(bell.getByText('Your bulk order was declined')).toBeVisible();
  await expect(bell.getByText(REASON, { exact: false })).toBeVisible();
  await customer.close();
});
