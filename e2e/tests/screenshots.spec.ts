import { expect, test } from '@playwright/test';
import { createAccount, DEMO, mailedLink, shoot, signIn, SLOT_TIME, uniqueEmail } from './support';
import { createPatient } from './support-customers';

// Pictures of each screen for a person to look at (UI.md). playwright.config.ts includes this
// file only with SHOTS_DIR set:  SHOTS_DIR=/tmp/shots npm run test -w e2e -- screenshots
// (the other specs add their own screens to SHOTS_DIR when it is set).

test.use({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
test.describe.configure({ timeout: 120_000 });

test('signed-out screens', async ({ page, request }) => {
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
});

test('established customer: home, drawer, messages, a document-02 placeholder', async ({
  page,
}) => {
  await page.goto('/');
  await signIn(page, DEMO.alex.email, DEMO.alex.password);
  await page.getByRole('heading', { name: 'Hi, Alex' }).waitFor();
  await shoot(page, 'home-established');

  await page.setViewportSize({ width: 390, height: 900 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${process.env.SHOTS_DIR}/drawer-390.png` });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/messages');
  await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
  await shoot(page, 'messages');

  await page.goto('/profile');
  await page.getByRole('heading', { level: 1 }).waitFor();
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

  await page.goto('/weight');
  await page.getByRole('heading', { name: 'Weight', level: 1 }).waitFor();
  await page.waitForTimeout(500);
  await shoot(page, 'weight');

  await page.goto('/?editWeight=true');
  await page.getByRole('dialog').waitFor();
  await shoot(page, 'weight-dialog');
  await page.keyboard.press('Escape');

  await page.goto('/billing?tab=invoices');
  await page.getByRole('table', { name: 'Invoices' }).waitFor();
  await shoot(page, 'billing-invoices');
});

test('a new customer: the tour, then home with its next step', async ({ page, request }) => {
  // A browser driven by automation gets no tour; this test plays a person's browser.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
  });
  const email = uniqueEmail('shots-new');
  await createAccount(request, email, 'ShotPass1');
  await page.goto('/');
  await signIn(page, email, 'ShotPass1');
  const popover = page.locator('.driver-popover');
  await expect(popover).toBeVisible();
  await shoot(page, 'tour');
  while ((await popover.count()) > 0) {
    await popover.getByRole('button', { name: /Next|Done/ }).click();
  }
  await shoot(page, 'home-new');
});

test('the booking dialog: times, review, confirmation', async ({ page, request }) => {
  const patient = await createPatient(request, { tag: 'shots-booking', stateCode: 'NY' });
  await page.goto('/book-appointment');
  await signIn(page, patient.email, patient.password);
  await page.getByRole('heading', { name: 'Confirm your details' }).waitFor();
  await shoot(page, 'booking-contact');
  await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  const dialog = page.getByRole('dialog', { name: 'Choose a time' });
  const firstTime = dialog.getByRole('button', { name: SLOT_TIME }).first();
  await expect(firstTime).toBeVisible();
  await shoot(page, 'booking-times');
  await firstTime.click();
  const review = page.getByRole('dialog', { name: 'Review your visit' });
  await expect(review).toBeVisible();
  await shoot(page, 'booking-review');
  await review.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByRole('dialog', { name: "You're booked" })).toBeVisible();
  await shoot(page, 'booking-confirmed');
});
