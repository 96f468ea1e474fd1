import { test, type Page } from '@playwright/test';
import path from 'node:path';
import { createAccount, DEMO, mailedLink, signIn, uniqueEmail, WIDTHS } from './support';

// Pictures of each screen for a person to look at (UI.md). playwright.config.ts includes this
// file only with SHOTS_DIR set:  SHOTS_DIR=/tmp/shots npm run test -w e2e -- screenshots
const dir = process.env.SHOTS_DIR ?? '/tmp/shots';

async function shoot(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
}

test('screens at phone and desktop widths', async ({ page, request }) => {
  await page.goto('/');
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await shoot(page, 'sign-in');

  await page.goto('/sign-up');
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await page.getByRole('button', { name: 'Create account' }).click();
  await shoot(page, 'sign-up-errors');

  const email = uniqueEmail('shots');
  await createAccount(request, email, 'ShotPass1');
  const started = Date.now() - 1000;
  await request.post('/user/reset-password', { data: { email, tenantId: 'portal' } });
  await page.goto(await mailedLink(request, email, { after: started }));
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Shot1');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('Shot');
  await shoot(page, 'reset-password');

  await page.goto('/');
  await signIn(page, DEMO.alex.email, DEMO.alex.password);
  await page.getByRole('heading', { name: 'Hi, Alex' }).waitFor();
  await shoot(page, 'home');

  await page.setViewportSize({ width: 390, height: 900 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(dir, 'drawer-390.png') });
  await page.keyboard.press('Escape');

  await page.goto('/appointments');
  await page.getByRole('heading', { name: 'Appointments' }).waitFor();
  await shoot(page, 'placeholder');

  // Issue 10: treatment records.
  await page.goto('/prescriptions');
  await page.getByRole('list', { name: 'Shipment progress' }).first().waitFor();
  await shoot(page, 'prescriptions');
  await page
    .getByRole('article')
    .filter({ hasText: 'USPS' })
    .first()
    .getByRole('button', { name: 'Show shipment history' })
    .click();
  await shoot(page, 'prescriptions-history');
  await page
    .getByRole('article')
    .filter({ hasText: 'USPS' })
    .first()
    .getByRole('link', { name: /^View details of/ })
    .click();
  await page.getByRole('region', { name: 'Dosing instructions' }).waitFor();
  await page.getByRole('button', { name: 'Prescription details' }).click();
  await shoot(page, 'rx-details');
  await page.getByRole('button', { name: /^Play video:/ }).click();
  await page.getByRole('dialog').waitFor();
  await shoot(page, 'rx-details-video');
  await page.keyboard.press('Escape');

  await page.goto('/labs');
  await page
    .getByRole('button', { name: /^Download / })
    .first()
    .waitFor();
  await shoot(page, 'labs');

  await page.goto('/');
  await page.getByText(/^Latest shipment:/).waitFor();
  await shoot(page, 'home-orders');
});
