import { expect, test } from '@playwright/test';

/**
 * Issue 46: `/` is the pre-rendered sign-in page, on screen before its scripts run. A visitor on
 * a slow phone can type an email and follow a link in that time: the links that carry the email
 * (forgot password, create account) carry it then too (sign-in.html's head script), and the form
 * sends nothing anywhere (its Log in button is disabled until the app runs).
 */
test.describe('the sign-in page before its scripts run', () => {
  test.beforeEach(async ({ page }) => {
    // The page's own scripts never arrive; the inline ones in its HTML run as always.
    await page.route('**/assets/*.js', (route) => route.abort());
  });

  test('the forgot-password and create-account links carry the typed email', async ({ page }) => {
    await page.goto('/');
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.fill(' early.visitor@example.com ');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password?email=early.visitor%40example.com');

    await page.goto('/');
    await page.getByRole('textbox', { name: 'Email' }).fill('new.visitor@example.com');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/sign-up?email=new.visitor%40example.com');
  });

  test('Enter in the filled form sends nothing and keeps the password out of the address', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('textbox', { name: 'Email' }).fill('early.visitor@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill('NotInTheUrl1');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Password' }).press('Enter');
    await expect(page).toHaveURL(/\/$/);
    expect(page.url()).not.toContain('NotInTheUrl1');
  });
});
