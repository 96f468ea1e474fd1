import { expect, test, type Locator, type Page } from '@playwright/test';
import { careTeam } from './support-care-team';
import { bookVisit, createNewcomer, createPatient } from './support-customers';
import { expectAccessible, shoot, signIn } from './support';

// Issue 15, forms, as a new customer would use them: start the intake, leave after page 2,
// come back in a new browser (another device) and go on where it stopped, finish it; an intake
// a visit needs, done with the keyboard alone (a file attached too), shows done on
// /appointments; the ID check goes back and forth with the care team until it is verified (the
// open screen shows each decision without a reload); and
// a side-effect check-in with a severe answer shows the urgent banner. The 6-month follow-up
// and the provider form are done by keyboard alone, axe at 390 and 1280 px on every page.

// Several pages, two browser contexts and axe at two widths each: more than the default time
// on a shared machine.
test.describe.configure({ timeout: 240_000 });

async function answerRadio(page: Page, group: RegExp, option: string) {
  await page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: option }).check();
}

test('the intake is saved page by page, resumes on another device and is submitted', async ({
  browser,
  request,
}) => {
  const customer = await createNewcomer(request, 'intake');
  const first = await browser.newContext();
  const page = await first.newPage();
  await page.goto('/forms/wm-intake');
  await signIn(page, customer.email, customer.password);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Weight management intake' }),
  ).toBeVisible({ timeout: 30_000 });
  // Known data is filled in: the name from sign-up.
  await expect(page.getByRole('textbox', { name: /First name/ })).toHaveValue('Robin');
  await expectAccessible(page, 'intake page 1');
  await shoot(page, 'forms-intake-page1');
  await page.getByLabel(/Date of birth/).fill('1986-04-12');
  await answerRadio(page, /Sex assigned at birth/, 'Female');
  await answerRadio(page, /pregnant/, 'No');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Height and weight' })).toBeVisible();
  await page.getByRole('textbox', { name: /Height \(feet\)/ }).fill('5');
  await page.getByRole('textbox', { name: /Height \(inches\)/ }).fill('6');
  await page.getByRole('textbox', { name: /Current weight/ }).fill('190');
  await expect(page.getByRole('textbox', { name: /BMI/ })).toHaveValue('30.7');
  await expectAccessible(page, 'intake page 2');
  await shoot(page, 'forms-intake-page2');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Medical history' })).toBeVisible();
  await first.close();

  // Another device: the form opens at the page after the last one saved.
  const second = await browser.newContext();
  const again = await second.newPage();
  await again.goto('/forms/wm-intake');
  await signIn(again, customer.email, customer.password);
  await expect(again.getByRole('heading', { level: 2, name: 'Medical history' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(again.getByText('Step 3 of 5')).toBeVisible();
  await answerRadio(again, /medullary thyroid cancer/, 'No');
  await answerRadio(again, /MEN2/, 'No');
  await answerRadio(again, /pancreatitis\?/, 'Yes');
  // The branch opens: its question is required now.
  await again.getByRole('button', { name: 'Save and continue' }).click();
  await expect(again.getByText('Please answer this question.')).toBeVisible();
  await again
    .getByRole('textbox', { name: /When did you have pancreatitis/ })
    .fill('2019, gallstones');
  await expectAccessible(again, 'intake page 3');
  await again.getByRole('button', { name: 'Save and continue' }).click();

  await expect(again.getByRole('heading', { level: 2, name: 'Current medications' })).toBeVisible();
  await answerRadio(again, /medications or supplements/, 'No');
  await answerRadio(again, /GLP-1 medication before/, 'Never');
  await again.getByRole('button', { name: 'Save and continue' }).click();

  await expect(again.getByRole('heading', { level: 2, name: 'Your goals' })).toBeVisible();
  await again.getByRole('checkbox', { name: 'Lose weight' }).check();
  await again.getByRole('button', { name: 'Submit' }).click();
  await expect(again.getByText('Thank you, your answers are in')).toBeVisible();
  await expectAccessible(again, 'intake done');
  await shoot(again, 'forms-intake-done');
  await second.close();
});

test('a severe side effect shows the urgent banner at once', async ({ page, request }) => {
  const customer = await createNewcomer(request, 'checkin');
  await page.goto('/forms/side-effect-check-in');
  await signIn(page, customer.email, customer.password);
  await expect(page.getByRole('heading', { level: 2, name: 'How are you feeling?' })).toBeVisible({
    timeout: 30_000,
  });
  await answerRadio(page, /nausea/, 'No');
  await answerRadio(page, /vomited/, 'No');
  await answerRadio(page, /stomach area/, 'Yes');
  await page.getByRole('radio', { name: /Severe/ }).check();
  await answerRadio(page, /any other symptom/, 'No');
  await expectAccessible(page, 'side-effect check-in');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Get medical help now' })).toBeVisible();
  // A check-in's thank-you is about the check-in, not a visit.
  await expect(page.getByText('Thank you for checking in.')).toBeVisible();
  await expect(page.getByText('before your visit')).toHaveCount(0);
  await expectAccessible(page, 'side-effect check-in urgent');
  await shoot(page, 'forms-check-in-urgent');
});

// Keyboard alone: Tab (and Shift+Tab) to reach a control, then type, Space, Enter or arrows.

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement);
}

/** Tabs forward until `target` has the focus (a form page has far fewer than 60 stops). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let stop = 0; stop < 60; stop += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** A radio group: Tab lands on its first radio; Space picks it, or arrows move to the option. */
async function keyRadio(page: Page, group: RegExp, option: string | RegExp): Promise<void> {
  const radios = page.getByRole('radiogroup', { name: group }).getByRole('radio');
  const wanted = page
    .getByRole('radiogroup', { name: group })
    .getByRole('radio', { name: option, exact: typeof option === 'string' });
  await tabTo(page, radios.first());
  if (await isFocused(wanted)) await page.keyboard.press('Space');
  for (let step = 0; step < 8 && !(await isFocused(wanted)); step += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(wanted).toBeChecked();
}

async function keyText(page: Page, box: Locator, text: string): Promise<void> {
  await tabTo(page, box);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

async function keyButton(page: Page, name: string | RegExp): Promise<void> {
  await tabTo(page, page.getByRole('button', { name }));
  await page.keyboard.press('Enter');
}

/**
 * Keeps the page's file pickers intercepted for the whole test. Playwright turns interception
 * on when the first 'filechooser' listener is added, without waiting for the browser, and off
 * when the last one goes, so a key pressed right after waitForEvent could open the picker
 * before interception was on and the event never came (a first attempt now and then, until
 * the test's 8 minutes ran out).
 */
function interceptFileChoosers(page: Page): void {
  page.on('filechooser', () => undefined);
}

const PDF = {
  name: 'labs-2026.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n%labs\n'),
};
const TEXT = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a scan') };
const JPEG = {
  mimeType: 'image/jpeg',
  buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
};

test('the intake a visit needs, by keyboard alone with a file attached, shows done on /appointments', async ({
  page,
  request,
}) => {
  // Five pages by keyboard, axe at two widths on each and two screens around them: on the
  // shared machine this has needed more than the file's 240 s.
  test.setTimeout(480_000);
  interceptFileChoosers(page);
  const patient = await createPatient(request, { tag: 'intake-visit', stateCode: 'IL' });
  await bookVisit(request, patient, { days: 6, requirements: ['typeform_intake'] });
  await page.goto('/appointments');
  await signIn(page, patient.email, patient.password);
  const card = page.getByRole('article').first();
  await expect(card.getByText('Intake form: To do')).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'appointments with an intake to do');
  await card.getByRole('link', { name: 'Fill in the intake' }).click();

  // From here on the keyboard alone.
  await expect(page.getByRole('heading', { level: 2, name: 'About you' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('textbox', { name: /Last name/ })).toHaveValue('Test');
  await expectAccessible(page, 'intake page 1 (visit)');
  const dob = page.getByLabel(/Date of birth/);
  await tabTo(page, dob);
  await page.keyboard.type('04121986');
  await expect(dob).toHaveValue('1986-04-12');
  await keyRadio(page, /Sex assigned at birth/, 'Male');
  await keyButton(page, 'Save and continue');

  await expect(page.getByRole('heading', { level: 2, name: 'Height and weight' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Height and weight' })).toBeFocused();
  await keyText(page, page.getByRole('textbox', { name: /Height \(feet\)/ }), '6');
  await keyText(page, page.getByRole('textbox', { name: /Height \(inches\)/ }), '0');
  await keyText(page, page.getByRole('textbox', { name: /Current weight/ }), '240');
  await expect(page.getByRole('textbox', { name: /BMI/ })).toHaveValue('32.5');
  await keyButton(page, 'Save and continue');

  await expect(page.getByRole('heading', { level: 2, name: 'Medical history' })).toBeVisible();
  await keyRadio(page, /medullary thyroid cancer/, 'No');
  await keyRadio(page, /MEN2/, 'No');
  await keyRadio(page, /pancreatitis\?/, 'No');
  await expectAccessible(page, 'intake page 3 (visit)');
  await keyButton(page, 'Save and continue');

  await expect(page.getByRole('heading', { level: 2, name: 'Current medications' })).toBeVisible();
  await keyRadio(page, /medications or supplements/, 'No');
  await keyRadio(page, /GLP-1 medication before/, 'Never');
  await expectAccessible(page, 'intake page 4');
  await shoot(page, 'forms-intake-page4');
  await keyButton(page, 'Save and continue');

  await expect(page.getByRole('heading', { level: 2, name: 'Your goals' })).toBeVisible();
  await tabTo(page, page.getByRole('checkbox', { name: 'Lose weight' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Lose weight' })).toBeChecked();
  // The file: a text file is refused at once, a PDF is attached.
  const choose = page.getByRole('button', { name: /Choose a file Recent lab results/ });
  await tabTo(page, choose);
  let chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(TEXT);
  await expect(page.getByText('Images and PDF files only.')).toBeVisible();
  await expect(choose).toHaveAccessibleDescription(
    /No file attached\. Images and PDF files only\./,
  );
  await expectAccessible(page, 'intake page 5, file refused');
  await shoot(page, 'forms-intake-file-refused');
  await tabTo(page, choose);
  chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles(PDF);
  await expect(page.getByRole('status').filter({ hasText: 'Attached:' })).toHaveText(
    /^Attached: labs-2026\.pdf \(1 KB\)$/,
  );
  await expect(page.getByText('Images and PDF files only.')).toHaveCount(0);
  await expectAccessible(page, 'intake page 5, file attached');
  await shoot(page, 'forms-intake-page5');
  await keyButton(page, 'Submit');
  await expect(page.getByText('Thank you, your answers are in')).toBeVisible();
  await expect(page.getByText('Your provider will review them before your visit.')).toBeVisible();

  await page.goto('/appointments');
  await expect(page.getByRole('article').first().getByText('Intake form: Done')).toBeVisible({
    timeout: 30_000,
  });
  await expectAccessible(page, 'appointments with the intake done');
  await shoot(page, 'forms-appointments-intake-done');
});

test('the 6-month follow-up, by keyboard alone, passes axe on every page', async ({
  page,
  request,
}) => {
  const customer = await createNewcomer(request, 'follow-up');
  // No follow_up_id: a newcomer has no follow-up of their own, and since issue 45 the server
  // refuses answers pinned to a follow-up that is not the customer's (a made-up id included).
  await page.goto('/forms/wm-follow-up');
  await signIn(page, customer.email, customer.password);
  await expect(page.getByRole('heading', { level: 1, name: '6-month follow-up' })).toBeVisible({
    timeout: 30_000,
  });

  // From here on the keyboard alone.
  await expect(page.getByRole('heading', { level: 2, name: 'Your progress' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Step 1 of 2')).toBeVisible();
  await expectAccessible(page, 'follow-up page 1');
  // Next without the required answers: each is marked, and the page is still accessible.
  await keyButton(page, 'Save and continue');
  await expect(page.getByText('Please answer this question.').first()).toBeVisible();
  await expectAccessible(page, 'follow-up page 1 with errors');
  await keyText(page, page.getByRole('textbox', { name: /Height \(feet\)/ }), '5');
  await keyText(page, page.getByRole('textbox', { name: /Height \(inches\)/ }), '8');
  await keyText(page, page.getByRole('textbox', { name: /Current weight/ }), '180');
  await expect(page.getByRole('textbox', { name: /BMI/ })).toHaveValue('27.4');
  await keyRadio(page, /How satisfied are you/, 'Somewhat satisfied');
  await shoot(page, 'forms-follow-up-page1');
  await keyButton(page, 'Save and continue');

  await expect(
    page.getByRole('heading', { level: 2, name: 'Changes since your last visit' }),
  ).toBeFocused();
  await keyRadio(page, /new condition/, 'Yes');
  // The branch opens its own required question.
  await keyText(page, page.getByRole('textbox', { name: /Which conditions/ }), 'Asthma');
  await keyRadio(page, /new medication/, 'No');
  await keyRadio(page, /severe stomach pain/, 'No');
  await tabTo(page, page.getByRole('checkbox', { name: 'Nausea' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Nausea' })).toBeChecked();
  await keyText(page, page.getByRole('textbox', { name: /Questions for your provider/ }), 'None');
  await expectAccessible(page, 'follow-up page 2');
  await shoot(page, 'forms-follow-up-page2');
  await keyButton(page, 'Submit');
  await expect(page.getByText('Thank you, your answers are in')).toBeVisible();
  await expectAccessible(page, 'follow-up done');
});

test('the provider form, by keyboard alone, passes axe on every page', async ({
  page,
  request,
}) => {
  const patient = await createPatient(request, { tag: 'provider-form', stateCode: 'IL' });
  const visit = await bookVisit(request, patient, { days: 8 });
  const query = new URLSearchParams({
    appointmentId: visit.id,
    customerId: patient.customerId,
    treatment: patient.treatmentShortId,
    app: 'true',
  });
  await page.goto(`/henryForms/provider-visit?${query.toString()}`);
  await signIn(page, patient.email, patient.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Before your visit' })).toBeVisible({
    timeout: 30_000,
  });

  // From here on the keyboard alone.
  await expect(page.getByRole('heading', { level: 2, name: 'About this visit' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByText('Your provider reads these answers before your visit.'),
  ).toBeVisible();
  await expectAccessible(page, 'provider form page 1');
  await keyText(
    page,
    page.getByRole('textbox', { name: /What would you like to discuss/ }),
    'My dose and my sleep.',
  );
  await keyRadio(page, /current dose/, 'I have side effects');
  await shoot(page, 'forms-provider-page1');
  await keyButton(page, 'Save and continue');

  await expect(page.getByRole('heading', { level: 2, name: 'Vital signs' })).toBeFocused();
  await keyRadio(page, /blood pressure in the last month/, 'Yes');
  await keyText(page, page.getByRole('textbox', { name: /upper number/ }), '128');
  await keyText(page, page.getByRole('textbox', { name: /lower number/ }), '82');
  await keyText(page, page.getByRole('textbox', { name: /ZIP code/ }), '6061');
  // A ZIP code of four digits is refused before anything is sent.
  await keyButton(page, 'Submit');
  await expect(page.getByText('Please check the format of this answer.')).toBeVisible();
  await expectAccessible(page, 'provider form page 2 with an error');
  await keyText(page, page.getByRole('textbox', { name: /ZIP code/ }), '60614');
  await expectAccessible(page, 'provider form page 2');
  await shoot(page, 'forms-provider-page2');
  await keyButton(page, 'Submit');
  await expect(page.getByText('Thank you, your answers are in')).toBeVisible();
  await expectAccessible(page, 'provider form done');
});

test('the ID check: turned down with a reason, uploaded again, verified', async ({
  page,
  request,
}) => {
  interceptFileChoosers(page);
  const customer = await createNewcomer(request, 'idcheck');
  const care = await careTeam(request);
  await care.requestIdCheck(customer.customerId);
  await page.goto('/id-verification');
  await signIn(page, customer.email, customer.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your identity' })).toBeVisible({
    timeout: 30_000,
  });
  await expectAccessible(page, 'ID check requested');
  await shoot(page, 'forms-id-requested');

  async function uploadAll(round: string) {
    for (const [side, name] of [
      ['front', 'Front of your ID'],
      ['back', 'Back of your ID'],
      ['selfie', 'A selfie'],
    ] as const) {
      const button = page.getByRole('button', { name: new RegExp(`${name}$`) });
      const chooser = page.waitForEvent('filechooser');
      await button.click();
      await (await chooser).setFiles({ ...JPEG, name: `${side}-${round}.jpg` });
      await expect(page.getByRole('button', { name: `Replace ${name}` })).toBeVisible();
    }
    await expectAccessible(page, `ID check uploaded (${round})`);
    await shoot(page, `forms-id-uploaded-${round}`);
    await page.getByRole('button', { name: 'Send to the care team' }).click();
    await expect(page.getByText('The care team is checking your photos')).toBeVisible();
  }

  await uploadAll('1');
  await expectAccessible(page, 'ID check in review');
  await shoot(page, 'forms-id-in-review');

  // The care team looks at the images (short-lived links), then turns the check down.
  const first = await care.idCheckInReview(customer.customerId);
  const images = await care.idCheckImages(first);
  for (const url of [images.front, images.back, images.selfie]) {
    expect(url).toBeTruthy();
    const { pathname, search } = new URL(url!, 'http://localhost');
    const image = await request.get(`${pathname}${search}`);
    expect(image.status()).toBe(200);
    expect(Buffer.from(await image.body())).toEqual(JPEG.buffer);
  }
  expect(
    await care.decideIdCheck(first, {
      decision: 'reject',
      reason: 'document_unreadable',
      note: 'The back of the card is blurred.',
    }),
  ).toBe('rejected');

  // No reload: the open screen follows the care team's decision.
  const turnedDown = page.getByRole('alert').filter({ hasText: 'Please upload your photos again' });
  await expect(turnedDown).toContainText(
    'We could not read your ID. The back of the card is blurred.',
    { timeout: 30_000 },
  );
  await expectAccessible(page, 'ID check rejected');
  await shoot(page, 'forms-id-rejected');

  await uploadAll('2');
  const second = await care.idCheckInReview(customer.customerId);
  expect(second).not.toBe(first);
  expect(await care.decideIdCheck(second, { decision: 'approve' })).toBe('verified');
  await expect(page.getByText('Your identity is verified')).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'ID check verified');
  await shoot(page, 'forms-id-verified');
});
