import { expect, test, type APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectAccessible, shoot, signIn, SLOT_TIME } from './support';
import { createPatient } from './support-customers';

// Issue 43, one zone: a customer whose zone is Pacific (the default on their record) books
// from a device in New York. The review, the card and the mail name the same time the same
// way; the card adds the device's own clock; the mail's calendar file is what "Add to
// Calendar" downloads. The customer is the test's own, in New Jersey (Dr. Ruiz's alone among
// the states the specs use), and books the last time of a later day.

test.use({ timezoneId: 'America/New_York' });

interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  attachments: { index: number; filename: string; contentType: string; size: number }[];
}

async function mailTo(request: APIRequestContext, to: string, subject: string) {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mailbox.json')).json()) as OutboxMail[];
        found = mails.find((m) => m.to === to && m.subject === subject);
        return Boolean(found);
      },
      { timeout: 15_000, message: `"${subject}" to ${to}` },
    )
    .toBe(true);
  return found!;
}

test('a device in New York sees a Pacific customer’s visit named the same way on the review, the card and the mail', async ({
  page,
  request,
}) => {
  const patient = await createPatient(request, { tag: 'one-zone', stateCode: 'NJ' });
  await page.goto('/book-appointment');
  await signIn(page, patient.email, patient.password);
  await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  const dialog = page.getByRole('dialog', { name: 'Choose a time' });
  const zone = dialog.getByRole('combobox', { name: 'Show times in' });
  // The customer's zone, not the device's: the one the mails and calendar files use.
  await expect(zone).toHaveText(/^Pacific Time \(P[SD]T\)$/);
  await expect(dialog.getByRole('button', { name: SLOT_TIME }).first()).toBeVisible();
  await expectAccessible(page, 'booking: zone chooser');
  await zone.click();
  await expect(
    page.getByRole('option', { name: /^Eastern Time \(E[SD]T\) · this device$/ }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  const days = dialog.getByRole('group', { name: 'Available days' }).getByRole('button');
  await days.nth(3).click();
  const slot = dialog.getByRole('button', { name: SLOT_TIME }).last();
  const time = ((await slot.textContent()) ?? '').trim();
  const [, clock, abbr] = /^(\d{1,2}:\d{2} [AP]M) (P[SD]T)$/.exec(time) ?? [];
  expect(clock, time).toBeTruthy();
  await slot.click();

  const review = page.getByRole('dialog', { name: 'Review your visit' });
  await expect(review.getByText(new RegExp(`^${clock} – .* ${abbr}$`))).toBeVisible();
  const day = (
    (await review.getByText(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}$/).textContent()) ?? ''
  ).trim();
  await review.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByRole('dialog', { name: "You're booked" })).toContainText(`at ${time}.`);
  await page.getByRole('button', { name: 'View appointments' }).click();

  const card = page.getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card.getByText(new RegExp(`^${clock} – .* ${abbr}$`))).toBeVisible();
  await expect(card.getByRole('heading', { name: day })).toBeVisible();
  // The device is three hours ahead: its own clock beside the customer's.
  await expect(card.getByText(/on this device$/)).toHaveText(
    /^\s*· \d{1,2}:\d{2} [AP]M E[SD]T on this device$/,
  );
  await expect(page.getByRole('combobox', { name: 'Show times in' })).toHaveText(
    /^Pacific Time \(P[SD]T\)$/,
  );
  await expectAccessible(page, 'appointments: card in two zones');
  await shoot(page, 'appointment-time-zone-card');

  const mail = await mailTo(request, patient.email, 'Your visit is booked');
  expect(mail.text).toContain(`${day} at ${clock} Pacific Time (${abbr})`);
  expect(mail.attachments).toEqual([
    {
      index: 0,
      filename: 'appointment.ics',
      contentType: 'text/calendar; charset=utf-8; method=REQUEST',
      size: expect.any(Number) as unknown,
    },
  ]);
  const attachment = await request.get(`/dev/mailbox/${mail.id}/attachments/0`);
  const mailed = await attachment.text();
  expect(mailed).toContain('METHOD:REQUEST\r\n');
  expect(mailed).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles\r\n');
  expect(mailed).toContain('\r\nSEQUENCE:0\r\n');

  // "Add to Calendar" gives the mail's own file.
  await card.getByRole('button', { name: 'Add to Calendar' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Apple Calendar (.ics)' }).click();
  expect(readFileSync(await (await download).path(), 'utf8')).toBe(mailed);

  // The dev outbox page lists the attachment by name and type, with a link to it.
  await page.goto('/dev/mailbox');
  const link = page.getByRole('link', { name: 'appointment.ics' }).first();
  await expect(link).toHaveAttribute('href', /\/dev\/mailbox\/[0-9a-f-]+\/attachments\/0$/);
  await expect(
    page.getByText('text/calendar; charset=utf-8; method=REQUEST').first(),
  ).toBeVisible();
  await shoot(page, 'dev-mailbox-attachments');
});
