import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createNewcomer, createPatient, giveBilledPlan } from './support-customers';
import { expectAccessible, logOut, shoot, signIn } from './support';

// Issue 14 in the browser, as a new user would: change the email with the code from the
// outbox and sign in with the new one; change the phone; try a PO Box (refused for shipping,
// taken for billing); turn marketing email off; delete a fresh account and see sign-in
// refused. Axe at 390 and 1280 px on each screen.

interface Mail {
  to: string;
  text: string;
  createdAt: string;
}

// Sign-in hashes passwords (argon2) on a shared machine: give each test the slow budget.
test.beforeEach(() => {
  test.slow();
});

async function mailedCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mailbox.json')).json()) as Mail[];
        code = mails.find((m) => m.to === to)?.text.match(/\b(\d{6})\b/)?.[1];
        return Boolean(code);
      },
      { timeout: 15_000, message: `a code mailed to ${to}` },
    )
    .toBe(true);
  return code!;
}

/** Signs in on `path` and waits for its title (the shared machine can take a while). */
async function openSignedIn(
  page: Page,
  path: string,
  email: string,
  password: string,
  title: string,
) {
  await page.goto(path);
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible({
    timeout: 30_000,
  });
}

// A reloaded page restores the session and loads its screen again; on a busy machine that can
// take longer than the default wait (nothing here measures speed).
const RELOADED = 30_000;

test('profile lists the account modules; breadcrumbs lead back to My Account', async ({
  page,
  request,
}) => {
  const me = await createNewcomer(request, 'account-profile');
  await openSignedIn(page, '/profile', me.email, me.password, 'My Account');
  await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
  await expect(page.getByText(me.email)).toBeVisible();
  const modules = page.getByRole('navigation', { name: 'Account settings' });
  await expect(modules.getByRole('link', { name: 'Shipping address' })).toBeVisible();
  await expectAccessible(page, 'profile');
  await shoot(page, 'account-profile');
  await modules.getByRole('link', { name: 'Notification preferences' }).click();
  await expect(
    page.getByRole('heading', { name: 'Notification preferences', level: 1 }),
  ).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'My Account' })
    .click();
  await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
});

test('a customer changes the email with the mailed code and signs in with the new one', async ({
  page,
  request,
}) => {
  const me = await createNewcomer(request, 'account-email');
  const newEmail = me.email.replace('e2e.', 'e2e.moved.');
  await openSignedIn(page, '/manage-account', me.email, me.password, 'Manage account');
  await expect(page.getByRole('heading', { name: 'Manage account', level: 1 })).toBeVisible();
  await expectAccessible(page, 'manage account');
  await shoot(page, 'account-manage');

  await page.getByRole('button', { name: 'Change email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change email' });
  await dialog.getByRole('textbox', { name: 'Password' }).fill('wrong-Pass1');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Incorrect username or password')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Password' }).fill(me.password);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('textbox', { name: 'New email' }).fill(newEmail);
  await expectAccessible(page, 'email change dialog');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText(`We sent a 6-digit code to ${newEmail}.`)).toBeVisible();
  await dialog
    .getByRole('textbox', { name: 'Verification code' })
    .fill(await mailedCode(request, newEmail));
  await shoot(page, 'account-email-code');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your email was updated. The page will reload.')).toBeVisible();
  // The page reloads after a second and shows the new address.
  await expect(page.getByText(newEmail)).toBeVisible({ timeout: RELOADED });

  await logOut(page);
  await signIn(page, newEmail, me.password);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
});

test('a customer changes the phone and sees it as (XXX) XXX-XXXX; nine digits are refused', async ({
  page,
  request,
}) => {
  const me = await createNewcomer(request, 'account-phone');
  await openSignedIn(page, '/manage-account', me.email, me.password, 'Manage account');
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await phone.fill('503 555 014');
  await page.getByRole('button', { name: 'Save phone' }).click();
  await expect(
    page.getByText('Phone number is invalid. Please enter a 10 digit phone number.'),
  ).toBeVisible();
  await phone.fill('503.555.0142');
  await page.getByRole('button', { name: 'Save phone' }).click();
  await expect(page.getByText('Your phone number was updated.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('(503) 555-0142', {
    timeout: RELOADED,
  });
});

test('a PO Box shipping address is refused with the spec message', async ({ page, request }) => {
  const me = await createPatient(request, { tag: 'account-pobox', stateCode: 'OR' });
  await openSignedIn(page, '/shipping', me.email, me.password, 'Shipping address');
  await expect(page.getByRole('heading', { name: 'Shipping address', level: 1 })).toBeVisible();
  await expectAccessible(page, 'shipping');
  await page.getByRole('textbox', { name: 'Street address' }).fill('P.O. Box 12');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('We are not able to ship to a PO Box address.')).toBeVisible();
  await expectAccessible(page, 'shipping with errors');
  await shoot(page, 'account-shipping-pobox');
  await page.getByRole('textbox', { name: 'Street address' }).fill('12 Pond St');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Your shipping address was updated.')).toBeVisible();
});

test('a customer sets the billing address of the card and sees it on the plan tab', async ({
  page,
  request,
}) => {
  const me = await createNewcomer(request, 'account-billing-address');
  await giveBilledPlan(request, me.customerId, { contractLength: 1 });
  await openSignedIn(page, '/profile', me.email, me.password, 'My Account');
  await page
    .getByRole('navigation', { name: 'Account settings' })
    .getByRole('link', { name: 'Billing address' })
    .click();
  await expect(page.getByRole('heading', { name: 'Billing address', level: 1 })).toBeVisible({
    timeout: RELOADED,
  });
  await expect(page.getByRole('heading', { name: 'Visa ending in 4242', level: 2 })).toBeVisible();
  await expectAccessible(page, 'billing address');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('7870');
  await page.getByRole('button', { name: 'Save billing address' }).click();
  await expect(page.getByText('Enter a valid ZIP code.')).toBeVisible();
  await expectAccessible(page, 'billing address with errors');
  await shoot(page, 'account-billing-address');
  // A PO Box is a valid billing address (spec 02 §5 forbids it for shipping only, issue 44).
  await page.getByRole('textbox', { name: 'Street address' }).fill('PO Box 4410');
  await page.getByRole('textbox', { name: 'City' }).fill('Austin');
  await page.getByRole('combobox', { name: 'State' }).selectOption('TX');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('78701');
  await page.getByRole('button', { name: 'Save billing address' }).click();
  await expect(page.getByText('Your billing address was updated.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Street address' }).fill('4410 Congress Ave');
  await page.getByRole('button', { name: 'Save billing address' }).click();
  await expect(page.getByText('Your billing address was updated.').last()).toBeVisible();

  await page.getByRole('link', { name: 'Go to billing and plan' }).click();
  await expect(page).toHaveURL(/\/billing\?tab=plan$/);
  const plan = page.getByRole('article', { name: 'Month to month' });
  await expect(plan).toBeVisible({ timeout: RELOADED });
  await expect(plan.getByText('4410 Congress Ave')).toBeVisible();
  await expect(plan.getByText('Austin, TX 78701')).toBeVisible();
  await shoot(page, 'account-billing-plan-card');
  // The card's own link leads back to the same form, filled with what was saved.
  await plan.getByRole('link', { name: 'Change billing address' }).click();
  await expect(page.getByRole('textbox', { name: 'Street address' })).toHaveValue(
    '4410 Congress Ave',
    {
      timeout: RELOADED,
    },
  );
});

test('a customer turns marketing email off; transactional stays on', async ({ page, request }) => {
  const me = await createNewcomer(request, 'account-prefs');
  await openSignedIn(
    page,
    '/notification-preferences',
    me.email,
    me.password,
    'Notification preferences',
  );
  const marketing = page.getByRole('switch', { name: 'News and offers by Email' });
  await expect(marketing).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Care and account by Email' })).toBeDisabled();
  await expectAccessible(page, 'notification preferences');
  await shoot(page, 'account-preferences');
  await marketing.click();
  await expect(marketing).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'News and offers by Email' })).not.toBeChecked({
    timeout: RELOADED,
  });
});

test('a customer deletes a fresh account and cannot sign in again', async ({ page, request }) => {
  const me = await createNewcomer(request, 'account-delete');
  await openSignedIn(page, '/manage-account', me.email, me.password, 'Manage account');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete account' });
  await dialog.getByRole('radio', { name: 'Privacy concerns' }).check();
  await dialog.getByRole('textbox', { name: 'Password' }).fill(me.password);
  await expectAccessible(page, 'delete account dialog');
  await shoot(page, 'account-delete');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await signIn(page, me.email, me.password);
  await expect(page.getByText(/Incorrect email or password/)).toBeVisible();
});
