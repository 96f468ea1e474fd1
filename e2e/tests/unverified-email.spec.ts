import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, signIn } from './support';

test('an unverified email gets the verification warning, not an error', async ({ page }) => {
  await page.goto('/');
  await signIn(page, DEMO.unverified.email, DEMO.unverified.password);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('needs to be verified');
  await expect(alert).toHaveClass(/MuiAlert-colorWarning/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page, 'sign-in with warning');
});

test('a wrong password gets the double-check error', async ({ page }) => {
  await page.goto('/');
  await signIn(page, DEMO.alex.email, 'not-the-password');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Please double-check');
  await expect(alert).toHaveClass(/MuiAlert-colorError/);
});

test('a user without a customer record sees the empty-account state (C108)', async ({ page }) => {
  await page.goto('/');
  await signIn(page, DEMO.noCustomer.email, DEMO.noCustomer.password);
  await expect(page.getByRole('heading', { name: "Your account isn't ready" })).toBeVisible();
  await expect(page.getByText('Error code: C108')).toBeVisible();
  await expectAccessible(page, 'empty account');
});
