import { expect, test } from '@playwright/test';
import { createPatient } from './support-customers';
import { expectAccessible, shoot, signIn } from './support';
import { staffAccessToken } from './support-care-team';

// Issue 13, weight, as a new customer would use it: a link with weightData records two weights
// (shown on the chart and in the list), today's weight is logged and then corrected through the
// edit dialog on /weight itself, and /weight passes axe at 390 and 1280 px.
// Sign-in, the 7000 ms import confirmation and four axe passes take longer than the default.
test.setTimeout(150_000);
// Why serial: nothing is shared between the two tests (each has its own customer and browser
// context). Run side by side, the first failed on /weight's heading: its trace shows every
// server answer under 0.7 s but the browser stalling 4 to 9 s between them (the other
// worker's axe passes and screenshots, two servers and other builds on 2 cores), so the first
// paint after a full page load took about 12 s. With the waits below it got past that, but then
// ran out of its 150 s budget in its axe passes; one after the other it fits. Signing in is now
// awaited on the shell itself (the URL checks that stood for it matched before "Log in" had
// done anything), and a full page load gets FIRST_PAINT.
test.describe.configure({ mode: 'serial' });
const FIRST_PAINT = { timeout: 30_000 };

test('a new customer imports two weights from a link, then logs and edits today on /weight', async ({
  page,
  request,
}) => {
  const patient = await createPatient(request, { tag: 'weight', stateCode: 'CA' });

  await page.goto('/?weightData=2026-11-01_21050.2026-11-08_20890');
  await signIn(page, patient.email, patient.password);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible(FIRST_PAINT);
  await expect(page).toHaveURL(/weightData=/);
  // The confirmation comes 7000 ms after the import (spec 02 §9).
  await expect(page.getByText('We recorded 2 weight entries from your link.')).toBeVisible({
    timeout: 25_000,
  });

  await page.goto('/weight');
  await expect(page.getByRole('heading', { name: 'Weight', level: 1 })).toBeVisible(FIRST_PAINT);
  const chart = page.getByRole('img', { name: 'Your weight over time' });
  await expect(chart).toBeVisible();
  // One mark per entry on the weight series (the trend and goal lines carry none).
  await expect(chart.locator('.weight-chart-mark')).toHaveCount(2);
  const entries = page
    .getByRole('heading', { name: 'Entries' })
    .locator('..')
    .getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('208.9 lb');
  await expect(entries.nth(1)).toContainText('210.5 lb');
  await expectAccessible(page, 'weight');
  await shoot(page, 'weight-imported');

  // Log today's weight: the dialog opens here, on /weight.
  await page.getByRole('button', { name: 'Log weight' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log your weight' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/weight\?editWeight=true$/);
  const input = dialog.getByLabel("Today's weight (lb)");
  await input.fill('40');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter a weight from 50 to 1400 lb.')).toBeVisible();
  await input.fill('207.4');
  await expectAccessible(page, 'weight dialog');
  await shoot(page, 'weight-dialog-on-weight');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog', { name: 'Saved' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Saved' }).getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/weight$/);
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText('207.4 lb');

  // Edit today's entry from the list: the dialog opens on that entry.
  await entries
    .nth(0)
    .getByRole('button', { name: /^Edit the entry of/ })
    .click();
  const edit = page.getByRole('dialog', { name: /^Edit the entry of/ });
  await expect(edit.getByLabel('Weight (lb)')).toHaveValue('207.4');
  await edit.getByLabel('Weight (lb)').fill('206.8');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog', { name: 'Saved' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Saved' }).getByRole('button', { name: 'Close' }).click();
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText('206.8 lb');
  await expect(chart.locator('.weight-chart-mark')).toHaveCount(3);
  await expectAccessible(page, 'weight (three entries)');
  await shoot(page, 'weight-edited');
});

test('the editWeight link of the reminder mail opens the dialog on home', async ({
  page,
  request,
}) => {
  const patient = await createPatient(request, { tag: 'weight-link', stateCode: 'CA' });
  await page.goto('/?editWeight=true');
  await signIn(page, patient.email, patient.password);
  // The dialog opens over home at once, so the shell behind it is hidden from the
  // accessibility tree: the dialog itself says that sign-in is done.
  const dialog = page.getByRole('dialog', { name: 'Log your weight' });
  await expect(dialog).toBeVisible(FIRST_PAINT);
  // Signing in on the link keeps it (the sign-in screen is home's, spec 01 §2).
  await expect(page).toHaveURL(/\/\?editWeight=true$/);
  await dialog.getByLabel("Today's weight (lb)").fill('199');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog', { name: 'Saved' })).toBeVisible();
  await expectAccessible(page, 'home weight dialog');
  await shoot(page, 'home-weight-dialog');
});

test('a customer sets a goal and a height, and the care team approves a new starting weight', async ({
  page,
  request,
}) => {
  const patient = await createPatient(request, { tag: 'weight-goals', stateCode: 'CA' });
  await page.goto('/?weightData=2026-11-01_21000');
  await signIn(page, patient.email, patient.password);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible(FIRST_PAINT);
  // The weight is recorded before /weight is read (the confirmation comes 7000 ms after it).
  await expect(page.getByText(/We recorded 1 weight entr/)).toBeVisible({ timeout: 25_000 });
  await page.goto('/weight');
  await expect(page.getByRole('heading', { name: 'Weight', level: 1 })).toBeVisible(FIRST_PAINT);
  const goals = page.getByRole('region', { name: 'Your goal and measurements' });
  await expect(goals.getByText('Not set')).toHaveCount(2);

  await goals.getByRole('button', { name: 'Set goal' }).click();
  const goal = page.getByRole('dialog', { name: 'Your goal weight' });
  await goal.getByLabel('Goal weight (lb)').fill('180');
  await goal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your goal weight is saved.')).toBeVisible();

  await goals.getByRole('button', { name: 'Set height' }).click();
  const height = page.getByRole('dialog', { name: 'Your height' });
  await height.getByLabel('Feet').fill('5');
  await height.getByLabel('Inches').fill('10');
  await expectAccessible(page, 'height dialog');
  await height.getByRole('button', { name: 'Save' }).click();
  await expect(goals.getByText('5 ft 10 in')).toBeVisible();
  // 210 lb at 5 ft 10 in: BMI 30.1 (spec 02 §6), no longer "Not set".
  await expect(page.getByText('30.1', { exact: true })).toBeVisible();

  await goals.getByRole('button', { name: 'Ask to change' }).click();
  const start = page.getByRole('dialog', { name: 'Change your starting weight' });
  await start.getByLabel('Starting weight (lb)').fill('214');
  await start.getByLabel(/Why it should change/).fill('I weighed 214 lb the week I started.');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectAccessible(page, `starting-weight dialog at ${String(width)}`);
    await shoot(page, `weight-start-change-${String(width)}`);
  }
  const sent = page.waitForResponse(
    (r) =>
      r.url().includes('/graphql') &&
      r.request().method() === 'POST' &&
      (r.request().postData() ?? '').includes('InsertMeasurementChangeForm'),
  );
  await start.getByRole('button', { name: 'Save' }).click();
  const body = (await (await sent).json()) as {
    data: { InsertMeasurementChangeForm: { data: { id: string } } };
  };
  await expect(
    goals.getByText('Your request for 214 lb is with your provider team.'),
  ).toBeVisible();
  await expect(goals.getByRole('button', { name: 'Ask to change' })).toBeDisabled();

  // Only the provider team changes a starting weight (spec 02 §6): they approve it.
  const token = await staffAccessToken(request);
  const decided = await request.post(
    `/staff/measurement-change-forms/${body.data.InsertMeasurementChangeForm.data.id}/decision`,
    { headers: { authorization: `Bearer ${token}` }, data: { decision: 'approved' } },
  );
  expect(decided.ok()).toBe(true);
  await page.reload();
  await expect(goals.getByText('214 lb', { exact: true })).toBeVisible(FIRST_PAINT);
  await expect(goals.getByRole('button', { name: 'Ask to change' })).toBeEnabled();
  await shoot(page, 'weight-goals-set');
});
