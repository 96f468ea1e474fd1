import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { createAccount, isOperation, signIn, uniqueEmail } from './support';
import { createReferral, customerAccessToken, graphql, json, setCustomerFlag } from './support-api';
import { devTime, staffAccessToken } from './support-care-team';
import { createNewcomer, giveBilledPlan, staffPost } from './support-customers';

// Issue 44's patient-facing points that had only unit or server tests: each driven here in the
// browser, against the suite's shared server. Flags are turned on or off for the test's own
// customer only (PUT /staff/flags/:name with a customerId), never for everyone.

async function signInAs(page: Page, me: { email: string; password: string }): Promise<void> {
  await page.goto('/');
  await signIn(page, me.email, me.password);
  // Signed in once the shell is there (leaving earlier can land on sign-in again).
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/** A month on a monthly plan: the renewals pass charges the card, and the invoice is paid. */
async function paidRenewal(request: APIRequestContext, id: string) {
  await devTime.backdatePlans(request, id, 31);
  expect((await devTime.runRenewals(request, id)).charged).toBe(1);
}

test('HSA/FSA: a paid invoice offers the invoice and the itemized receipt, a real PDF (spec 02 §2)', async ({
  page,
  request,
}) => {
  test.slow();
  const me = await createNewcomer(request, 'hsa-receipt');
  await giveBilledPlan(request, me.customerId, { contractLength: 1 });
  await paidRenewal(request, me.customerId);

  await signInAs(page, me);
  await page.goto('/billing?tab=invoices');
  const row = page.getByRole('table', { name: 'Invoices' }).getByRole('row').nth(1);
  await expect(row.getByText('Paid')).toBeVisible({ timeout: 30_000 });
  const number = (await row.getByRole('cell').first().innerText()).trim();
  await expect(row.getByRole('button', { name: `Download invoice ${number}` })).toBeVisible();
  const receipt = row.getByRole('button', {
    name: `Download the HSA/FSA receipt of invoice ${number}`,
  });
  await expect(receipt).toBeVisible();

  // The receipt opens in a new tab from a signed URL; headless Chromium saves it as a download.
  const pdfResponse = page
    .context()
    .waitForEvent('response', (r) => /\/billing\/invoices\/[^/]+\/receipt\.pdf/.test(r.url()));
  const saved = new Promise<Download>((resolve) => {
    page.once('popup', (tab) => tab.once('download', resolve));
  });
  await receipt.click();
  const response = await pdfResponse;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  const file = await saved;
  expect(file.suggestedFilename()).toBe(`${number}-hsa-fsa-receipt.pdf`);
  expect(
    readFileSync(await file.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
});

test('notification preferences: no push column without push; a text preference is saved and kept (spec 02 §2)', async ({
  page,
  request,
}) => {
  const me = await createNewcomer(request, 'preferences');
  await signInAs(page, me);
  await page.goto('/notification-preferences');
  const table = page.getByRole('table', { name: 'Notification preferences' });
  await expect(table.getByRole('columnheader')).toHaveText(['Type', 'Email', 'Text'], {
    timeout: 30_000,
  });
  await expect(table.getByRole('columnheader', { name: 'Push' })).toHaveCount(0);
  // The care-and-account texts stay on; the others are the customer's to choose.
  await expect(table.getByRole('switch', { name: 'Care and account by Text' })).toBeDisabled();

  const reminders = table.getByRole('switch', { name: 'Weight reminders by Text' });
  await expect(reminders).toBeEnabled();
  const before = await reminders.isChecked();
  const saved = page.waitForResponse((r) =>
    isOperation(r.request(), 'UpdateNotificationPreference'),
  );
  await reminders.click();
  expect((await saved).ok()).toBe(true);
  await expect(reminders).toBeChecked({ checked: !before });

  await page.reload();
  await expect(table.getByRole('switch', { name: 'Weight reminders by Text' })).toBeChecked({
    checked: !before,
    timeout: 30_000,
  });
});

test('upfront plan prices follow the up_front_pricing flag of the customer (spec 02 §6)', async ({
  page,
  request,
}) => {
  test.slow();
  const me = await createNewcomer(request, 'upfront');
  const plan = await giveBilledPlan(request, me.customerId, { contractLength: 1 });
  const upfront = page.getByRole('switch', { name: 'Pay for the whole term up front' });
  const threeMonths = page.getByRole('radio', { name: /^3 months · \$/ });

  // Off (the server's default): the 3-month length, which has an upfront price, offers none.
  await signInAs(page, me);
  await page.goto(`/billing/change-subscription/${plan.subscriptionId}?length=3`);
  await expect(threeMonths).toBeChecked({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Your price' }).getByText('Due today')).toBeVisible(
    { timeout: 30_000 },
  );
  await expect(upfront).toHaveCount(0);

  // On for this customer alone: the same screen offers the upfront price.
  await setCustomerFlag(
    request,
    await staffAccessToken(request),
    me.customerId,
    'up_front_pricing',
    true,
  );
  await page.reload();
  await expect(threeMonths).toBeChecked({ timeout: 30_000 });
  await expect(upfront).toBeVisible();
  await expect(upfront).not.toBeChecked();
});

test('external links come from /config.json at run time, the privacy practices link with them (spec 02 §2)', async ({
  page,
  request,
}) => {
  const served = (await json<{ links: Record<string, string> }>(await request.get('/config.json')))
    .links;
  expect(Object.keys(served).sort()).toEqual(
    ['accessibility', 'bulkTerms', 'privacy', 'privacyPractices', 'terms', 'treatments'].sort(),
  );
  const footer = page.getByRole('contentinfo');
  const expectLinks = async (links: Record<string, string>) => {
    await expect(footer.getByRole('link', { name: 'Accessibility' })).toHaveAttribute(
      'href',
      links.accessibility!,
    );
    await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      links.privacy!,
    );
    await expect(footer.getByRole('link', { name: 'Notice of privacy practices' })).toHaveAttribute(
      'href',
      links.privacyPractices!,
    );
    await expect(footer.getByRole('link', { name: 'Terms of use' })).toHaveAttribute(
      'href',
      links.terms!,
    );
    await expect(page.getByRole('link', { name: 'Explore our treatments' })).toHaveAttribute(
      'href',
      links.treatments!,
    );
  };

  // The links this server serves.
  await page.goto('/');
  await expectLinks(served);

  // Another deployment's links, answered in /config.json: the same build shows them, so none
  // is fixed at build time.
  const deployed = Object.fromEntries(
    Object.keys(served).map((key) => [key, `https://care.e2e.test/pages/${key}`]),
  );
  await page.route('**/config.json', async (route) => {
    const original = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ json: { ...original, links: deployed } });
  });
  await page.reload();
  await expectLinks(deployed);
});

test('/labs and /billing have breadcrumbs whose parent link leads to My Account (spec 02 §2)', async ({
  page,
  request,
}) => {
  const me = await createNewcomer(request, 'breadcrumbs');
  await signInAs(page, me);
  for (const [path, current] of [
    ['/labs', 'Lab results'],
    ['/billing', 'Billing and plan'],
  ] as const) {
    await page.goto(path);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs).toBeVisible({ timeout: 30_000 });
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(current);
    await crumbs.getByRole('link', { name: 'My Account' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
  }
});

/** A customer of the test's own with one-way-messaging off for them alone, and one message. */
async function messagesFlagOff(request: APIRequestContext, tag: string) {
  const me = await createNewcomer(request, tag);
  const staff = await staffAccessToken(request);
  await setCustomerFlag(request, staff, me.customerId, 'one-way-messaging', false);
  const message = await staffPost(request, `/staff/customers/${me.customerId}/messages`, {
    type: 'Dosage update',
    html: '<p>Your new dose starts on Monday.</p>',
  });
  return { me, messageId: message.id };
}

test('without one-way-messaging the nav has no Messages, yet /messages opens at its address (spec 01 §2)', async ({
  page,
  request,
}) => {
  const { me } = await messagesFlagOff(request, 'messages-flag-off');
  await signInAs(page, me);
  const nav = page.getByRole('navigation', { name: 'Main' }).first();
  await expect(nav.getByRole('link', { name: 'Prescriptions' })).toBeVisible();
  await expect(nav.getByRole('link', { name: /Messages/ })).toHaveCount(0);

  // The route is protected, not flag-gated: no redirect home.
  await page.goto('/messages');
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/messages$/);
});

test('without one-way-messaging /messages and /messages/{id} still show the messages (spec 01 §2)', async ({
  page,
  request,
}) => {
  const { me, messageId } = await messagesFlagOff(request, 'messages-list-flag-off');
  await signInAs(page, me);
  await page.goto('/messages');
  await expect(page.getByText('Dosage update')).toBeVisible({ timeout: 15_000 });
  await page.goto(`/messages/${messageId}`);
  await expect(page.getByText('Your new dose starts on Monday.')).toBeVisible({
    timeout: 30_000,
  });
});

test('/refresh clears storage and cookies, signs out on the server and goes to /?retryAttempt=1 (spec 01 §2)', async ({
  page,
  request,
}) => {
  const me = await createNewcomer(request, 'refresh-route');
  await signInAs(page, me);
  const refreshToken = await page.evaluate(() => {
    window.localStorage.setItem('e2e.marker', '1');
    window.sessionStorage.setItem('e2e.marker', '1');
    document.cookie = 'e2e_marker=1; path=/';
    const raw = window.localStorage.getItem('portal.session');
    return raw ? (JSON.parse(raw) as { refreshToken?: string }).refreshToken : undefined;
  });
  expect(refreshToken).toBeTruthy();

  const signOut = page.waitForRequest(
    (r) => new URL(r.url()).pathname === '/identity/sign-out' && r.method() === 'POST',
  );
  await page.goto('/refresh');
  expect((await signOut).postDataJSON()).toMatchObject({ refreshToken });
  await expect(page).toHaveURL(/\/\?retryAttempt=1$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(
    await page.evaluate(() => ({
      session: window.localStorage.getItem('portal.session'),
      localMarker: window.localStorage.getItem('e2e.marker'),
      sessionMarker: window.sessionStorage.getItem('e2e.marker'),
      cookie: document.cookie.includes('e2e_marker'),
    })),
  ).toEqual({ session: null, localMarker: null, sessionMarker: null, cookie: false });

  // The server ended that session: its refresh token no longer renews it.
  const renewed = await request.post('/identity/refresh', { data: { refreshToken } });
  expect(renewed.ok()).toBe(false);
});

test('/intake with no intake waiting: 5 seconds, then the notice and home (spec 01 §2, §5)', async ({
  page,
  request,
}) => {
  const me = await createNewcomer(request, 'intake-fallback');
  await signInAs(page, me);
  const appointments = page.waitForResponse((r) =>
    isOperation(r.request(), 'GetAppointmentsByCustomer'),
  );
  await page.goto('/intake');
  await appointments;
  const settledAt = Date.now();
  const notice = page.getByText('There is no intake form waiting for you right now.');
  // Well inside the 5 seconds: still on /intake, nothing said yet.
  await page.waitForTimeout(3_000);
  await expect(page).toHaveURL(/\/intake$/);
  await expect(notice).toHaveCount(0);
  await expect(notice).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(/\/$/);
  expect(Date.now() - settledAt).toBeGreaterThanOrEqual(4_900);
});

test('the $50 referral credit: the friend pays a first invoice, the credit is used and shown (spec 02 §4, §9)', async ({
  page,
  request,
}) => {
  test.slow();
  const referrer = await createNewcomer(request, 'referrer-credit');
  await giveBilledPlan(request, referrer.customerId, { contractLength: 1 });
  const friendEmail = uniqueEmail('referee-credit');
  await createReferral(
    request,
    await customerAccessToken(request, referrer.email, referrer.password),
    friendEmail,
  );

  // The friend signs up with the invited address and pays a first invoice.
  await createAccount(request, friendEmail, referrer.password);
  const friendToken = await customerAccessToken(request, friendEmail, referrer.password);
  const { customer: friend } = await graphql<{ customer: { id: string } }>(
    request,
    friendToken,
    '{ customer { id } }',
  );
  await giveBilledPlan(request, friend.id, { contractLength: 1 });
  await paidRenewal(request, friend.id);

  // Granted, not yet used: the invitation is "Credit in use", nothing earned so far.
  await signInAs(page, referrer);
  await page.goto('/referrals');
  const invitation = page
    .getByRole('region', { name: 'Your invitations' })
    .getByRole('listitem')
    .filter({ hasText: friendEmail });
  await expect(invitation).toContainText('Credit in use', { timeout: 30_000 });
  const stat = (label: string) =>
    page.getByRole('heading', { name: label, exact: true }).locator('..');
  await expect(stat('Credit earned')).toContainText('$0.00');

  // The referrer's own next bill uses it: $50 off, the referral completed, $50 earned.
  await paidRenewal(request, referrer.customerId);
  await page.reload();
  await expect(invitation).toContainText('Completed', { timeout: 30_000 });
  await expect(stat('Credit earned')).toContainText('$50.00');
  await expect(stat('Completed')).toContainText('1');
});

test('C106: a lab list that cannot be loaded says so with its code, not the download code (spec 02 §8)', async ({
  page,
  request,
}) => {
  const me = await createNewcomer(request, 'labs-c106');
  await signInAs(page, me);
  await page.route('**/graphql**', async (route) => {
    if (!isOperation(route.request(), 'GetLabOrders')) return route.fallback();
    await route.fulfill({
      json: {
        errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
      },
    });
  });
  await page.goto('/labs');
  const alert = page.getByRole('alert').filter({ hasText: 'C106' });
  await expect(alert).toContainText("We couldn't load your order history", { timeout: 30_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'C105' })).toHaveCount(0);
});
