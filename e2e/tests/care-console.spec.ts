import { expect, test, type Browser, type Page } from '@playwright/test';
import { accessibilityFindings, signIn } from './support';
import {
  CareTeam,
  CONSOLE_ACCOUNTS,
  enterConsoleCode,
  newConsoleAccount,
  signInToConsole,
} from './support-care-team';
import { createPatient, type Patient } from './support-customers';

// Issue 41: the care team's console at /care, through the real server and the built app. The
// demo care-team account signs in with its password and the demo TOTP secret the seed
// publishes (apps/server/src/demo/seed-messaging.ts), then handles three queue items by
// keyboard alone: approves a bulk order and an ID check, and rejects another ID check. Then two
// members race for one ID check (issue 41's "two-staff race", in the browser).

const STAFF = CONSOLE_ACCOUNTS.care;

const JPEG = {
  mimeType: 'image/jpeg',
  buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
};

test.use({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
test.describe.configure({ timeout: 240_000 });

/** The customer side, in a context of its own: a bulk order of 3 vials. */
async function orderBulk(browser: Browser, patient: Patient): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/bulk-order');
  await signIn(page, patient.email, patient.password);
  await page.getByRole('radio', { name: /3 vials/ }).check();
  await page.getByRole('button', { name: 'Submit order' }).click();
  await expect(
    page.getByRole('heading', { name: 'Your bulk order needs a short visit' }),
  ).toBeVisible();
  await context.close();
}

/** The customer sends the three photos of an ID check the care team asked for. */
async function sendIdCheck(browser: Browser, care: CareTeam, patient: Patient): Promise<void> {
  await care.requestIdCheck(patient.customerId);
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('filechooser', () => undefined);
  await page.goto('/id-verification');
  await signIn(page, patient.email, patient.password);
  for (const [side, name] of [
    ['front', 'Front of your ID'],
    ['back', 'Back of your ID'],
    ['selfie', 'A selfie'],
  ] as const) {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: new RegExp(`${name}$`) }).click();
    await (await chooser).setFiles({ ...JPEG, name: `${side}.jpg` });
    await expect(page.getByRole('button', { name: `Replace ${name}` })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Send to the care team' }).click();
  await expect(page.getByText('The care team is checking your photos')).toBeVisible();
  await context.close();
}

const enterCode = (page: Page) => enterConsoleCode(page, STAFF.totpSecret);

async function expectAccessibleAtBothWidths(page: Page, screen: string): Promise<void> {
  const findings = await accessibilityFindings(page, screen);
  await page.setViewportSize({ width: 1280, height: 900 });
  expect.soft(findings.length, `\n${findings.join('\n\n')}\n`).toBe(0);
}

test('the care team signs in with a second factor and handles three items by keyboard', async ({
  browser,
  page,
  request,
}) => {
  const tag = `cc${String(Date.now() % 1_000_000)}`;
  const first = await createPatient(request, { tag: `${tag}-a`, stateCode: 'WA' });
  const second = await createPatient(request, { tag: `${tag}-b`, stateCode: 'CO' });
  const care = await CareTeam.signIn(request);
  await orderBulk(browser, first);
  await sendIdCheck(browser, care, first);
  await sendIdCheck(browser, care, second);

  // Sign-in: password, then the authenticator's code.
  await page.goto('/care/queue');
  await expect(page.getByRole('heading', { name: 'Care team sign-in' })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'care sign-in');
  await page.getByRole('textbox', { name: 'Work email' }).fill(STAFF.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(STAFF.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /6-digit code/ })).toHaveAttribute(
    'autocomplete',
    'one-time-code',
  );
  await expectAccessibleAtBothWidths(page, 'care second factor');
  await enterCode(page);
  await expect(page).toHaveURL(/\/care\/queue/);

  // Only this test's patients: "/" jumps to the search, which takes part of an email.
  await page.keyboard.press('/');
  await page.keyboard.type(tag);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  // The grid keeps showing everyone's items until the searched page arrives (slow on a busy
  // machine): counts, which wait, rather than a visibility check, which fails at once on two.
  const grid = page.getByRole('grid', { name: 'Care queue' });
  await expect(grid.getByText('Bulk order to approve')).toHaveCount(1, { timeout: 20_000 });
  await expect(grid.getByText('ID verification to review')).toHaveCount(2);
  await expectAccessibleAtBothWidths(page, 'care queue');
  // Escape left the box with the search kept (Chromium clears a search field on Escape, and the
  // cleared box once searched for nothing 300 ms later, listing every patient's items).
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(page.getByRole('searchbox', { name: 'Search by patient' })).toHaveValue(tag);

  // Three items, keyboard only: j/k to the one wanted, Enter opens it (claimed), a approves,
  // d rejects (a dialog with its reason, sent with Enter); each done item leaves the queue.
  async function selectRow(title: RegExp): Promise<void> {
    // Up to the top, then down through every row.
    for (let i = 0; i < 7; i += 1) {
      const text = (await grid.locator('[role="row"][aria-selected="true"]').textContent()) ?? '';
      if (title.test(text)) return;
      await page.keyboard.press(i < 3 ? 'k' : 'j');
    }
    throw new Error(`no row ${String(title)} among the selected`);
  }
  // Other items of these patients may wait too (a renewal, say): count the kinds handled here.
  const bulkRows = grid.getByText('Bulk order to approve');
  const idRows = grid.getByText('ID verification to review');

  await selectRow(/Bulk order to approve/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Bulk orders', selected: true })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'care patient (bulk order)');
  await page.keyboard.press('a');
  await expect(page.getByRole('heading', { name: 'Queue', level: 1 })).toBeVisible();
  await expect(bulkRows).toHaveCount(0);
  await expect(idRows).toHaveCount(2);

  await selectRow(/ID verification to review/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'ID documents', selected: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Front of the ID' })).toBeVisible();
  await page.keyboard.press('a');
  await expect(page.getByRole('heading', { name: 'Queue', level: 1 })).toBeVisible();
  await expect(idRows).toHaveCount(1);

  await selectRow(/ID verification to review/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'ID documents', selected: true })).toBeVisible();
  await page.keyboard.press('d');
  const reject = page.getByRole('dialog', { name: 'Reject the ID check' });
  await expect(reject).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.type('Please retake the selfie in daylight.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Queue', level: 1 })).toBeVisible();
  await expect(idRows).toHaveCount(0);

  // The decisions stand on the server, and the audit trail names fields, not values.
  const done = await request.get(`/staff/customers/${second.customerId}/audit`, {
    headers: { authorization: `Bearer ${await staffToken(page)}` },
  });
  expect(done.status()).toBe(200);
  expect(JSON.stringify(await done.json())).not.toContain('daylight');
});

/** Opens the patient's ID check from the queue, searched for the patient's email. */
async function openIdCheck(page: Page, patient: Patient): Promise<void> {
  const search = page.getByRole('searchbox', { name: 'Search by patient' });
  await search.fill(patient.email);
  await search.press('Enter');
  const row = page
    .getByRole('grid', { name: 'Care queue' })
    .getByRole('row', { name: /ID verification to review/ })
    .filter({ hasText: patient.email });
  await row.dblclick();
}

test('two care-team members on one ID check: the second is told who is on it, and one approval wins', async ({
  browser,
  page,
  request,
}) => {
  const patient = await createPatient(request, {
    tag: `race${String(Date.now() % 1_000_000)}`,
    stateCode: 'OR',
  });
  await sendIdCheck(browser, await CareTeam.signIn(request), patient);

  // Casey (care team) opens the item first: it is claimed. Both members are the test's own.
  await signInToConsole(page, await newConsoleAccount(request, 'care', 'Casey'));
  await openIdCheck(page, patient);
  const caseyBar = page.getByRole('region', { name: /queue item/i });
  await expect(caseyBar.getByRole('button', { name: /^Approve/ })).toBeVisible();

  // The admin, in a browser of their own, opens the same item: told who is on it, takes over.
  const adminContext = await browser.newContext({
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 900 },
  });
  const admin = await adminContext.newPage();
  await signInToConsole(admin, await newConsoleAccount(request, 'admin', 'Avery'));
  await openIdCheck(admin, patient);
  const conflict = admin.getByRole('dialog');
  await expect(conflict).toContainText('Casey');
  await expect(conflict).toContainText('Take it over?');
  await conflict.getByRole('button', { name: 'Take over' }).click();
  const adminBar = admin.getByRole('region', { name: /queue item/i });
  await expect(adminBar.getByRole('button', { name: /^Approve/ })).toBeVisible();

  // Both approve at once: one approval stands, and the other member is told it was done.
  const outcome = (p: Page) =>
    Promise.race([
      p
        .getByRole('heading', { name: 'Queue', level: 1 })
        .waitFor()
        .then(() => 'approved'),
      p
        .getByRole('alert')
        .filter({ hasText: /Someone else already did this/ })
        .waitFor()
        .then(() => 'told'),
    ]);
  await Promise.all([
    caseyBar.getByRole('button', { name: /^Approve/ }).click(),
    adminBar.getByRole('button', { name: /^Approve/ }).click(),
  ]);
  expect((await Promise.all([outcome(page), outcome(admin)])).sort()).toEqual(['approved', 'told']);
  // The check is verified once, and the patient sees it so.
  const checks = await request.get(`/staff/customers/${patient.customerId}`, {
    headers: { authorization: `Bearer ${await staffToken(page)}` },
  });
  expect(checks.status()).toBe(200);
  const record = (await checks.json()) as { idVerifications: unknown };
  expect(JSON.stringify(record.idVerifications)).toContain('"status":"verified"');
  await adminContext.close();
});

/** The console's own token, from its session storage (never local storage). */
async function staffToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => ({
    session: window.sessionStorage.getItem('care.session'),
    local: window.localStorage.length,
  }));
  expect(stored.local).toBe(0);
  return (JSON.parse(stored.session ?? '{}') as { accessToken: string }).accessToken;
}
