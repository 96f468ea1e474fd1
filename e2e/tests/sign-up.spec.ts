import { expect, test } from '@playwright/test';
import { expectAccessible, logOut, mailedLink, signIn, uniqueEmail } from './support';

test('a new customer signs up, sets a password from the mail, lands signed in and logs out', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('signup');
  const password = 'NewPass123';

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page, 'sign-in');

  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  // The create-account link carries the typed email.
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await expectAccessible(page, 'sign-up');

  const started = Date.now() - 1000;
  await page.getByRole('textbox', { name: 'First name' }).fill('Taylor');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Morgan');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page, 'sign-up sent');

  const link = await mailedLink(request, email, { after: started });
  expect(link).toContain('newAccount=1');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Create your password' })).toBeVisible();
  await expect(page.getByText(`For ${email}`)).toBeVisible();

  const rules = page.getByRole('list', { name: 'Password requirements' });
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
  await expect(
    rules.getByRole('listitem').filter({ hasText: 'At least 8 characters' }),
  ).toContainText('(not yet)');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill(password);
  for (const rule of [
    'At least 8 characters',
    'A letter and a number',
    'One capital letter',
    'Both entries match',
  ]) {
    await expect(rules.getByRole('listitem').filter({ hasText: rule })).toContainText('(done)');
  }
  await expectAccessible(page, 'create password');
  await page.getByRole('button', { name: 'Create password' }).click();

  // Issue 9: setting the password from the welcome mail signs the customer in; no third typing.
  await expect(page.getByRole('heading', { name: 'Hi, Taylor' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('status').filter({ hasText: "Your password is set and you're signed in" }),
  ).toBeVisible();
  await expect(page.getByText(/Welcome to your care portal/)).toBeVisible();
  await expectAccessible(page, 'home');
  await logOut(page);

  // The old sign-in page still answers with the new password.
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Hi, Taylor' })).toBeVisible();
});

test('a long email wraps in the check-your-email card at 390 px', async ({ page }) => {
  const email = uniqueEmail('signup').replace(
    '@example.com',
    '.with-a-rather-long-address@patients.mail.example.com',
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/sign-up');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'First name' }).fill('Taylor');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Morgan');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const sentence = page.getByText(email);
  await expect(sentence).toBeVisible();

  // Nothing sticks out sideways: not the page, and not the sentence out of its card.
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(sideways).toBe(false);
  const card = page.getByRole('main').locator('.MuiCard-root');
  const [cardBox, textBox] = [await card.boundingBox(), await sentence.boundingBox()];
  expect(cardBox && textBox).toBeTruthy();
  expect(textBox!.x + textBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
  expect(await sentence.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});
