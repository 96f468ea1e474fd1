import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, logOut, signIn } from './support';

test('logging out in one tab logs out the other tab', async ({ context }) => {
  const first = await context.newPage();
  await first.goto('/');
  await signIn(first, DEMO.alex.email, DEMO.alex.password);
  await expect(first.getByRole('heading', { name: 'Hi, Alex' })).toBeVisible();

  const second = await context.newPage();
  await second.goto('/appointments');
  await expect(second.getByRole('heading', { name: 'Appointments' })).toBeVisible();

  await logOut(first);
  await expect(second.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(new URL(second.url()).searchParams.get('returnTo')).toBe('/appointments');
});

test('a protected route sends a signed-out visitor to sign-in and back after', async ({ page }) => {
  await page.goto('/prescriptions');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await signIn(page, DEMO.alex.email, DEMO.alex.password);
  await expect(page.getByRole('heading', { name: 'Prescriptions' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/prescriptions');
  await expectAccessible(page, 'placeholder screen');

  await page.goto('/invoices');
  await expect(page).toHaveURL(/\/billing\?tab=invoices$/);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Hi, Alex' })).toBeVisible();
});

test('the phone layout opens the navigation drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await signIn(page, DEMO.alex.email, DEMO.alex.password);
  await expect(page.getByRole('heading', { name: 'Hi, Alex' })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expectAccessible(page, 'mobile drawer');
  await drawer.getByRole('link', { name: 'Appointments' }).click();
  await expect(page.getByRole('heading', { name: 'Appointments' })).toBeVisible();
});
