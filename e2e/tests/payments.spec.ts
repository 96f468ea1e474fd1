import { expect, test, type Page } from '@playwright/test';
import { customerAccessToken, graphql } from './support-api';
import { CareTeam } from './support-care-team';
import { createPatient } from './support-customers';
import { DEMO, expectAccessible, shoot, signIn } from './support';

// Issue 39 in the browser, through the one payments module and the sandbox processor: the demo
// customer pays a bulk order by card and its invoice is on the invoices tab; a customer whose
// card asks for 3-D Secure (4000 0027 6000 3184, Stripe's "always authenticate") saves it, pays,
// answers the bank's check on the sandbox's challenge page, and comes back to a paid order.

/** The descriptions of the customer's invoices, as the data API has them now. */
async function invoiceDescriptions(page: Page, token: string): Promise<string[]> {
  const { invoices } = await graphql<{ invoices: { description: string }[] }>(
    page.request,
    token,
    '{ invoices { description } }',
  );
  return invoices.map((i) => i.description);
}

/** The invoices tab's rows for one description (the table: 1280 px wide). */
async function invoiceRows(page: Page, description: string) {
  await page.goto('/billing?tab=invoices');
  const table = page.getByRole('table', { name: 'Invoices' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  return table.getByRole('row').filter({ hasText: description });
}

test('the demo customer pays a bulk order by card; its invoice is on the invoices tab', async ({
  page,
  request,
}) => {
  test.slow();
  const alex = DEMO.alex;
  const token = await customerAccessToken(request, alex.email, alex.password);
  const { customer } = await graphql<{ customer: { id: string } }>(
    request,
    token,
    '{ customer { id } }',
  );
  // An order of its own (4 vials), so the seeded one stays for the other specs and a retry.
  const actionId = await (await CareTeam.signIn(request)).approveBulkOrder(customer.id, 4);
  const description = 'Bulk semaglutide, 4 vials';
  const before = (await invoiceDescriptions(page, token)).filter((d) => d === description);

  await page.goto(`/user-action?mode=bulkOrderPayment&actionId=${actionId}`);
  await signIn(page, alex.email, alex.password);
  const drawer = page.getByRole('dialog', { name: 'Review your order' });
  await expect(drawer.getByText('$489.00')).toBeVisible({ timeout: 30_000 });
  await expect(drawer.getByRole('radio', { name: /Credit card · Visa ending/ })).toBeChecked();
  await drawer.getByRole('checkbox', { name: /bulk order terms/ }).check();
  await drawer.getByRole('button', { name: 'Pay $1,956.00' }).click();
  await expect(drawer.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect(page).toHaveURL(/completed=true/);

  const rows = await invoiceRows(page, description);
  await expect(rows).toHaveCount(before.length + 1);
  await expect(rows.first()).toContainText('$1,956.00');
  await expect(rows.first()).toContainText('Paid');
  await shoot(page, 'payments-bulk-invoice');
});

test('a card that asks for 3-D Secure: saved, the bank check on the sandbox page, the order paid', async ({
  page,
  request,
}) => {
  test.slow();
  const me = await createPatient(request, { tag: 'bulk-3ds', stateCode: 'WA' });
  await page.goto('/');
  await signIn(page, me.email, me.password);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  // Saving the card asks no bank check (only a payment made at the screen does).
  await page.goto('/billing?tab=plan');
  await page.getByRole('button', { name: 'Add a card' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Add a card' });
  await dialog.getByRole('textbox', { name: /Card number/ }).fill('4000 0027 6000 3184');
  await dialog.getByRole('textbox', { name: /Expiry/ }).fill('12/30');
  await dialog.getByRole('textbox', { name: /Security code/ }).fill('123');
  await dialog.getByRole('textbox', { name: /Billing ZIP code/ }).fill('98101');
  await expectAccessible(page, 'card dialog (sandbox)');
  await shoot(page, 'payments-card-dialog');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Your new card is saved.')).toBeVisible();
  await expect(page.getByText('Visa ending in 3184')).toBeVisible();

  const actionId = await (await CareTeam.signIn(request)).approveBulkOrder(me.customerId, 2);
  await page.goto(`/bulk-payment?actionId=${actionId}`);
  const drawer = page.getByRole('dialog', { name: 'Review your order' });
  await expect(drawer.getByText('$549.00')).toBeVisible({ timeout: 30_000 });
  await drawer.getByRole('checkbox', { name: /bulk order terms/ }).check();
  await shoot(page, 'payments-bulk-drawer');
  await drawer.getByRole('button', { name: 'Pay $1,098.00' }).click();

  // The bank's check: the sandbox's challenge page, on our origin, with the drawer to return to.
  await expect(page).toHaveURL(/\/gateway\/sandbox\/authenticate\/ch_[^?]+\?return=/);
  expect(new URL(page.url()).searchParams.get('return')).toBe(
    `/bulk-payment?actionId=${actionId}&authenticated=1`,
  );
  await expect(page.getByRole('heading', { name: 'Sandbox 3-D Secure' })).toBeVisible();
  await expect(page.getByText('$1,098.00')).toBeVisible();
  await shoot(page, 'payments-3ds-challenge');
  await page.getByRole('button', { name: 'Complete authentication' }).click();

  // Back in the drawer, which asks once more by itself and settles.
  await expect(drawer.getByRole('heading', { name: 'Payment received' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveURL(new RegExp(`actionId=${actionId}&completed=true`));
  await shoot(page, 'payments-3ds-paid');

  const rows = await invoiceRows(page, 'Bulk semaglutide, 2 vials');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('$1,098.00');
  await expect(rows.first()).toContainText('Paid');
});
