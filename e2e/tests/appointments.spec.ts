import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createAccount, expectAccessible, signIn, uniqueEmail } from './support';
import { bookVisit, createPatient, type Patient } from './support-customers';

// Every test makes its own customer through the public sign-up, and the care team gives it
// an address, an active treatment and visits through the staff API, so the tests run in
// parallel and in any order. The states are chosen so that the tests that book or move a
// visit through the screens each have a provider to themselves (the demo providers hold some
// states alone): NY is Dr. Ruiz's, WA Dr. Natarajan's, IL Marcus Bell's. Nothing is mocked.

/** Signs the customer in on /appointments. */
async function openAppointments(page: Page, patient: Patient): Promise<void> {
  await page.goto('/appointments');
  await signIn(page, patient.email, patient.password);
  await expect(page.getByRole('heading', { name: 'Appointments', level: 1 })).toBeVisible();
}

function laWallClock(iso: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}${parts.month}${parts.day}`,
    time: `${parts.hour}${parts.minute}${parts.second}`,
  };
}

test('a customer without a treatment is offered to subscribe', async ({ page, request }) => {
  const email = uniqueEmail('appointments');
  await createAccount(request, email, 'NewPass123');
  await page.goto('/book-appointment');
  await signIn(page, email, 'NewPass123');
  const dialog = page.getByRole('dialog', { name: 'No active treatment' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Subscribe to a treatment' })).toBeVisible();
  await expectAccessible(page, 'blocked: no treatment');
  await dialog.getByRole('button', { name: 'Back to appointments' }).click();
  await expect(page.getByText('You need an active treatment plan to book a visit.')).toBeVisible();
});

test('lists the upcoming visit and downloads an .ics with its start, end and zone', async ({
  page,
  request,
}) => {
  const patient = await createPatient(request, { tag: 'ics', stateCode: 'IL' });
  const visit = await bookVisit(request, patient, { days: 3 });
  await bookVisit(request, patient, { days: -30 });
  await bookVisit(request, patient, { days: -10, isAsync: true });
  await openAppointments(page, patient);
  const card = page.getByRole('article').first();
  await expect(card.getByRole('link', { name: 'Reschedule' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Asynchronous visits' })).toBeVisible();
  await expectAccessible(page, 'appointments');

  await card.getByRole('button', { name: 'Add to Calendar' }).click();
  await expect(page.getByRole('menuitem', { name: 'Google Calendar' })).toHaveAttribute(
    'href',
    /calendar\.google\.com/,
  );
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Apple Calendar (.ics)' }).click();
  const file = await (await download).path();
  const ics = readFileSync(file, 'utf8');
  const start = laWallClock(visit.start);
  const end = laWallClock(visit.end);
  expect(ics).toContain(`DTSTART;TZID=America/Los_Angeles:${start.date}T${start.time}\r\n`);
  expect(ics).toContain(`DTEND;TZID=America/Los_Angeles:${end.date}T${end.time}\r\n`);
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  // Outlook needs the zone the TZID names defined in the file.
  expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles\r\n');
  expect(ics).toMatch(new RegExp(`\\r\\nUID:${visit.id}@[^\\r]+\\r\\n`));
  expect(ics).toContain('\r\nSEQUENCE:0\r\n');

  await page.getByRole('tab', { name: 'Past' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
});

test('Join Virtual Visit appears 30 minutes before the start', async ({ page, request }) => {
  const patient = await createPatient(request, { tag: 'join', stateCode: 'IL' });
  const visit = await bookVisit(request, patient, { days: 3 });
  await openAppointments(page, patient);
  await page.clock.install({ time: new Date(Date.parse(visit.start) - 32 * 60_000) });
  await page.reload();
  const card = page.getByRole('article').first();
  await expect(card.getByRole('button', { name: 'Add to Calendar' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Join Virtual Visit' })).toHaveCount(0);
  await page.clock.fastForward('03:00');
  await expect(card.getByRole('link', { name: 'Join Virtual Visit' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Join Virtual Visit' })).toHaveAttribute(
    'href',
    /^https:\/\//,
  );
});

test('booking while a visit is in progress offers to keep it', async ({ page, request }) => {
  const patient = await createPatient(request, { tag: 'in-progress', stateCode: 'IL' });
  const visit = await bookVisit(request, patient, { days: 3 });
  await openAppointments(page, patient);
  await page.clock.install({ time: new Date(Date.parse(visit.start) + 5 * 60_000) });
  await page.goto('/book-appointment');
  const dialog = page.getByRole('dialog', { name: 'Your appointment is in progress' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'blocked: in progress');
  await dialog.getByRole('button', { name: 'Keep appointment' }).click();
  await expect(page).toHaveURL(/\/appointments$/);
});

test('books a visit and sees it under Upcoming', async ({ page, request }) => {
  const patient = await createPatient(request, { tag: 'booking', stateCode: 'NY' });
  await page.goto('/book-appointment');
  await signIn(page, patient.email, patient.password);
  await expect(page.getByRole('heading', { name: 'Confirm your details' })).toBeVisible();
  await expectAccessible(page, 'booking: contact');
  const next = page.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await next.click();

  const dialog = page.getByRole('dialog', { name: 'Choose a time' });
  await expect(dialog.getByRole('combobox', { name: 'Provider' })).toBeVisible();
  const firstTime = dialog.getByRole('button', { name: /^\d{1,2}:\d{2} (AM|PM)$/ }).first();
  await expect(firstTime).toBeVisible();
  await expectAccessible(page, 'booking: times');
  const time = (await firstTime.textContent()) ?? '';
  await firstTime.click();
  const review = page.getByRole('dialog', { name: 'Review your visit' });
  await expect(review.getByText(time, { exact: false })).toBeVisible();
  await review.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByRole('dialog', { name: "You're booked" })).toBeVisible();
  await page.getByRole('button', { name: 'View appointments' }).click();
  await expect(page).toHaveURL(/\/appointments$/);
  await expect(page.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // The customer had no visits, so the one card is the visit the server just booked.
  const card = page.getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(time);
  await expect(card.getByRole('link', { name: 'Reschedule' })).toBeVisible();
});

test('an existing visit blocks booking and is rescheduled to a new time', async ({
  page,
  request,
}) => {
  const patient = await createPatient(request, { tag: 'reschedule', stateCode: 'WA' });
  await bookVisit(request, patient, { days: 3 });
  await openAppointments(page, patient);
  const before = (await page.getByRole('article').first().textContent()) ?? '';
  await page.goto('/book-appointment');
  const blocked = page.getByRole('dialog', { name: 'You already have an appointment' });
  await expect(blocked).toBeVisible();
  await expectAccessible(page, 'blocked: existing');
  await blocked.getByRole('button', { name: 'Reschedule' }).click();

  const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
  await expect(dialog).toBeVisible();
  const days = dialog.getByRole('group', { name: 'Available days' }).getByRole('button');
  await expect(days.first()).toBeVisible();
  await expectAccessible(page, 'reschedule dialog');
  // A day other than the visit's own, so the new time differs.
  await days.nth(1).click();
  const slot = dialog.getByRole('button', { name: /^\d{1,2}:\d{2} (AM|PM)$/ }).first();
  const time = (await slot.textContent()) ?? '';
  await slot.click();
  const review = page.getByRole('dialog', { name: 'Review your visit' });
  await review.getByRole('button', { name: 'Reschedule' }).click();
  await expect(page.getByText('Your appointment has been rescheduled.')).toBeVisible();
  await expect(page).toHaveURL(/\/appointments$/);
  const card = page.getByRole('article').first();
  await expect(card).toContainText(time);
  await expect(card).not.toHaveText(before);
});
