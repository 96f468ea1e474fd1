import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectAccessible, shoot, signIn, SLOT_TIME } from './support';
import { openTimes, pickDay } from './support-booking';
import { createPatient, type Patient } from './support-customers';

// Issue 43, one zone: a new customer (the default Pacific zone on their record, never
// chosen) books from a device in New York. Without choosing anything, the dialog, the card
// and the mail all name the visit in Eastern time: the portal follows the device and records
// its zone, so the mail and its calendar file agree; "Add to Calendar" gives the mail's file.
// Then the customer chooses Pacific: the card names both zones, and the choice stands on
// another device (Chicago) too. The customer is the test's own, in New Jersey (Dr. Ruiz's
// alone among the states the specs use), and books the last time of a later day.

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

/** The customer signed in on /appointments in a new browser on a device in `timezoneId`. */
async function elsewhere(browser: Browser, patient: Patient, timezoneId: string, baseURL: string) {
  const context = await browser.newContext({ timezoneId, baseURL });
  const page = await context.newPage();
  await page.goto('/appointments');
  await signIn(page, patient.email, patient.password);
  await expect(page.getByRole('heading', { name: 'Appointments', level: 1 })).toBeVisible();
  return { page, close: () => context.close() };
}

test('a device in New York shows, books and mails a new customer’s visit in Eastern time; a choice then wins everywhere', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const patient = await createPatient(request, { tag: 'one-zone', stateCode: 'NJ' });
  const dialog = await openTimes(page, patient);
  const zone = dialog.getByRole('combobox', { name: 'Show times in' });
  // Nothing chosen: the device's zone, not the Pacific default on the record.
  await expect(zone).toHaveText(/^Eastern Time \(E[SD]T\) · this device$/);
  await expect(dialog.getByRole('button', { name: SLOT_TIME }).first()).toHaveText(/ E[SD]T$/);
  await expectAccessible(page, 'booking: zone chooser');

  await pickDay(dialog, 3);
  const slot = dialog.getByRole('button', { name: SLOT_TIME }).last();
  const time = ((await slot.textContent()) ?? '').trim();
  const [, clock, abbr] = /^(\d{1,2}:\d{2} [AP]M) (E[SD]T)$/.exec(time) ?? [];
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
  // The card's zone is the device's: one clock.
  await expect(card.getByText(/on this device$/)).toHaveCount(0);
  const shownIn = page.getByRole('combobox', { name: 'Show times in' });
  await expect(shownIn).toHaveText(/^Eastern Time \(E[SD]T\) · this device$/);

  const mail = await mailTo(request, patient.email, 'Your visit is booked');
  expect(mail.text).toContain(`${day} at ${clock} Eastern Time (${abbr})`);
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
  expect(mailed).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n');
  expect(mailed).toContain('\r\nSEQUENCE:0\r\n');

  // "Add to Calendar" gives the mail's own file.
  await card.getByRole('button', { name: 'Add to Calendar' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Apple Calendar (.ics)' }).click();
  expect(readFileSync(await (await download).path(), 'utf8')).toBe(mailed);

  // The customer chooses Pacific: the card names the visit in it and the device's clock too.
  await shownIn.click();
  await page.getByRole('option', { name: /^Pacific Time \(P[SD]T\)$/ }).click();
  await expect(card.getByText(/^\d{1,2}:\d{2} [AP]M – .* P[SD]T$/)).toBeVisible();
  await expect(card.getByText(/on this device$/)).toHaveText(
    new RegExp(`^\\s*· ${clock} ${abbr} on this device$`),
  );
  await expectAccessible(page, 'appointments: card in two zones');
  await shoot(page, 'appointment-time-zone-card');

  // The choice stands on another device, in Chicago: Pacific, with Chicago's clock beside it.
  const chicago = await elsewhere(browser, patient, 'America/Chicago', baseURL ?? '');
  const there = chicago.page.getByRole('article');
  await expect(chicago.page.getByRole('combobox', { name: 'Show times in' })).toHaveText(
    /^Pacific Time \(P[SD]T\)$/,
  );
  await expect(there.getByText(/^\d{1,2}:\d{2} [AP]M – .* P[SD]T$/)).toBeVisible();
  await expect(there.getByText(/on this device$/)).toHaveText(
    /^\s*· \d{1,2}:\d{2} [AP]M C[SD]T on this device$/,
  );
  await chicago.close();

  // The dev outbox page lists the attachment by name and type, with a link to it.
  await page.goto('/dev/mailbox');
  const link = page.getByRole('link', { name: 'appointment.ics' }).first();
  await expect(link).toHaveAttribute('href', /\/dev\/mailbox\/[0-9a-f-]+\/attachments\/0$/);
  await expect(
    page.getByText('text/calendar; charset=utf-8; method=REQUEST').first(),
  ).toBeVisible();
  await shoot(page, 'dev-mailbox-attachments');
});
