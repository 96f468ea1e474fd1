import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectAccessible, signIn } from './support';

// Spec 01 §4: after 1 hour without input a dialog counts down 60 seconds, then logs out.
// The identity token lives 1 hour and an open tab renews it 5 minutes early, so the clock is
// moved in two steps: past the renewal (which must answer), then to the hour.
async function idleUntilWarning(page: Page) {
  await page.clock.install();
  await page.goto('/');
  await signIn(page, DEMO.alex.email, DEMO.alex.password);
  await expect(page.getByRole('heading', { name: 'Hi, Alex' })).toBeVisible();

  const renewed = page.waitForResponse((r) => r.url().endsWith('/identity/refresh') && r.ok());
  await page.clock.fastForward('55:30');
  await renewed;
  await page.clock.fastForward('04:31');
  const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('after an hour without input the countdown logs the customer out', async ({ page }) => {
  const dialog = await idleUntilWarning(page);
  await expect(dialog).toContainText(/logged out in (60|5\d) seconds/);
  // The page clock keeps running in real time between steps, so allow a few seconds.
  await page.clock.fastForward('00:20');
  await expect(dialog).toContainText(/logged out in (40|3\d) seconds/);
  await expectAccessible(page, 'inactivity dialog');
  await page.clock.fastForward('00:41');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'inactivity' })).toBeVisible();
});

test('"Stay logged in" keeps the session', async ({ page }) => {
  const dialog = await idleUntilWarning(page);
  await dialog.getByRole('button', { name: 'Stay logged in' }).click();
  await expect(dialog).toBeHidden();
  await page.clock.fastForward('02:00');
  await expect(page.getByRole('heading', { name: 'Hi, Alex' })).toBeVisible();
});
