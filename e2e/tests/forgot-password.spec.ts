import { expect, test } from '@playwright/test';
import { createAccount, expectAccessible, mailedLink, signIn, uniqueEmail } from './support';

test('a customer recovers a forgotten password from the mailed link', async ({ page, request }) => {
  const email = uniqueEmail('forgot');
  await createAccount(request, email, 'OldPass123');

  await page.goto('/');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  // The forgot-password link carries the typed email.
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await expectAccessible(page, 'forgot password');

  const started = Date.now() - 1000;
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const link = await mailedLink(request, email, { after: started });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('NewPass456');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('NewPass456');
  await expectAccessible(page, 'reset password');
  await page.getByRole('button', { name: 'Save new password' }).click();

  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await signIn(page, email, 'OldPass123');
  await expect(page.getByRole('alert')).toContainText('Please double-check');

  await page.getByRole('textbox', { name: 'Password' }).fill('NewPass456');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Hi, Robin' })).toBeVisible();

  // A used link cannot be used again.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: "This link can't be used" })).toBeVisible();
});
