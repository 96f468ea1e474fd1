import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createAccount, expectAccessible, shoot, signIn, SLOT_TIME, uniqueEmail } from './support';
import { openTimes } from './support-booking';
import { bookVisit, createPatient, type Patient } from './support-customers';

// Every test makes its own customer through the public sign-up, and the care team gives it
// an address, an active treatment and visits through the staff API, so the tests run in
// parallel and in any order. The states are chosen so that the tests that book or move a
// visit through the screens each have a provider to themselves (the demo providers hold some
// states alone): NY is Dr. Ruiz's, WA Dr. Natarajan's, IL Marcus Bell's. Nothing is mocked.

// The customers' zone is the default, America/Los_Angeles; the browser is put there too, so
// the times are in Pacific time unless a test says (until a customer chooses a zone, the
// portal shows the device's).
test.use({ timezoneId: 'America/Los_Angeles' });

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
  await expect(page.getByRole('heading', { name: 'Asynchronous visits' })).toBeVisible();
  await expectAccessible(page, 'appointments: past');
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
  const firstTime = dialog.getByRole('button', { name: SLOT_TIME }).first();
  await expect(firstTime).toBeVisible();
  await expectAccessible(page, 'booking: times');
  await shoot(page, 'booking-times');
  const time = (await firstTime.textContent()) ?? '';
  expect(time).toMatch(/ P[SD]T$/);
  const clock = time.replace(/ [A-Z]+$/, '');
  await firstTime.click();
  const review = page.getByRole('dialog', { name: 'Review your visit' });
  await expect(review.getByText(new RegExp(`^${clock} – .* P[SD]T$`))).toBeVisible();
  await review.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByRole('dialog', { name: "You're booked" })).toContainText(`at ${time}.`);
  await page.getByRole('button', { name: 'View appointments' }).click();
  await expect(page).toHaveURL(/\/appointments$/);
  await expect(page.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // The customer had no visits, so the one card is the visit the server just booked.
  const card = page.getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(clock);
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
  const slot = dialog.getByRole('button', { name: SLOT_TIME }).first();
  const time = ((await slot.textContent()) ?? '').replace(/ [A-Z]+$/, '');
  await slot.click();
  const review = page.getByRole('dialog', { name: 'Review your visit' });
  await review.getByRole('button', { name: 'Reschedule' }).click();
  await expect(page.getByText('Your appointment has been rescheduled.')).toBeVisible();
  await expect(page).toHaveURL(/\/appointments$/);
  const card = page.getByRole('article').first();
  await expect(card).toContainText(time);
  await expect(card).not.toHaveText(before);
});

/** "10:30 AM CDT" as minutes after midnight. */
function minutesOf(time: string): number {
  const [, hour, minute, half] = /^(\d{1,2}):(\d{2}) (AM|PM)/.exec(time) ?? [];
  return ((Number(hour) % 12) + (half === 'PM' ? 12 : 0)) * 60 + Number(minute);
}

test.describe('from a device in Chicago', () => {
  test.use({ timezoneId: 'America/Chicago' });

  test('slots name the device zone, and another zone moves the times', async ({
    page,
    request,
  }) => {
    const patient = await createPatient(request, { tag: 'zone', stateCode: 'IL' });
    const dialog = await openTimes(page, patient);
    const zone = dialog.getByRole('combobox', { name: 'Show times in' });
    // Issue 43: a customer who never chose reads times in the device's zone.
    await expect(zone).toHaveText(/^Central Time \(C[SD]T\) · this device$/);
    const first = dialog.getByRole('button', { name: SLOT_TIME }).first();
    const central = (await first.textContent()) ?? '';
    expect(central).toMatch(/ C[SD]T$/);

    await zone.click();
    await page.getByRole('option', { name: /^Eastern Time/ }).click();
    await expect(zone).toHaveText(/^Eastern Time \(E[SD]T\)$/);
    await expect(first).toHaveText(/ E[SD]T$/);
    const eastern = (await first.textContent()) ?? '';
    // The same first time, an hour later on the clock in New York.
    expect((minutesOf(eastern) - minutesOf(central) + 1440) % 1440).toBe(60);

    await first.click();
    const review = page.getByRole('dialog', { name: 'Review your visit' });
    await expect(review.getByText(/^\d{1,2}:\d{2} (AM|PM) – .* E[SD]T$/)).toBeVisible();
    await expectAccessible(page, 'booking: review with zone');
    await review.getByRole('button', { name: 'Cancel' }).click();

    // The choice is saved: the dialog opens again in Eastern time.
    await page.reload();
    await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(
      page
        .getByRole('dialog', { name: 'Choose a time' })
        .getByRole('combobox', { name: 'Show times in' }),
    ).toHaveText(/^Eastern Time/);
  });
});

test('the day strip scrolls with arrows at 390 and 1280, and cancelling the review keeps the day', async ({
  page,
  request,
}) => {
  const patient = await createPatient(request, { tag: 'day-strip', stateCode: 'IL' });
  const dialog = await openTimes(page, patient);
  const strip = dialog.getByRole('group', { name: 'Available days' });
  const earlier = dialog.getByRole('button', { name: 'Earlier days' });
  const later = dialog.getByRole('button', { name: 'Later days' });
  const scrollLeft = () => strip.evaluate((el) => el.scrollLeft);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await strip.evaluate((el) => el.scrollTo({ left: 0 }));
    await expect(earlier).toBeVisible();
    await expect(later).toBeVisible();
    await expect(earlier).toHaveAttribute('aria-disabled', 'true');
    expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth), `${width}px`).toBe(true);
    // By keyboard: Tab reaches the arrow, Enter pages the strip.
    await later.focus();
    await page.keyboard.press('Enter');
    await expect.poll(scrollLeft, { message: `${width}px` }).toBeGreaterThan(0);
    await expect(earlier).not.toHaveAttribute('aria-disabled', 'true');
    await expect(later).toBeFocused();
  }

  const days = strip.getByRole('button');
  const third = days.nth(2);
  await third.click();
  await expect(third).toHaveAttribute('aria-pressed', 'true');
  const chosenDay = (await third.textContent()) ?? '';
  await dialog.getByRole('button', { name: SLOT_TIME }).first().click();
  const review = page.getByRole('dialog', { name: 'Review your visit' });
  await review.getByRole('button', { name: 'Cancel' }).click();
  const pressed = strip.getByRole('button', { pressed: true });
  await expect(pressed).toHaveText(chosenDay);
  await expect(pressed).toBeInViewport();
});

test('rescheduleId opens the reschedule of the appointment it names; appointmentId is gone', async ({
  page,
  request,
}) => {
  const patient = await createPatient(request, { tag: 'reschedule-id', stateCode: 'IL' });
  const visit = await bookVisit(request, patient, { days: 4 });
  await openAppointments(page, patient);
  const link = page.getByRole('article').first().getByRole('link', { name: 'Reschedule' });
  await expect(link).toHaveAttribute('href', `/book-appointment?rescheduleId=${visit.id}`);
  await link.click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^Currently /)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page
    .getByRole('dialog', { name: 'Stop rescheduling?' })
    .getByRole('button', {
      name: 'Leave',
    })
    .click();
  await expect(page).toHaveURL(/\/appointments$/);

  // A link straight to it works the same.
  await page.goto(`/book-appointment?rescheduleId=${visit.id}`);
  await expect(page.getByRole('dialog', { name: 'Reschedule appointment' })).toBeVisible();

  // The old parameter no longer opens anything: this is a booking, which the visit blocks.
  await page.goto(`/book-appointment?appointmentId=${visit.id}`);
  await expect(page.getByRole('dialog', { name: 'You already have an appointment' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Reschedule appointment' })).toHaveCount(0);
});

test('a past async visit shows under Past only', async ({ page, request }) => {
  const patient = await createPatient(request, { tag: 'async-past', stateCode: 'IL' });
  await bookVisit(request, patient, { days: -10, isAsync: true });
  await openAppointments(page, patient);
  await expect(page.getByText('You have no upcoming appointments.')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Asynchronous visits' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Past' }).click();
  const section = page.getByRole('region', { name: 'Asynchronous visits' });
  await expect(section.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toHaveCount(1);
});

test('a toast never covers the navigation at 390 and 1280', async ({ page, request }) => {
  const patient = await createPatient(request, { tag: 'toast', stateCode: 'IL' });
  await openAppointments(page, patient);
  // An id that names nothing: A100, an error toast that stays until dismissed.
  await page.goto('/book-appointment?rescheduleId=00000000-0000-4000-8000-000000000000');
  const toast = page.getByRole('alert').filter({ hasText: "We couldn't load your appointments" });
  await expect(toast).toBeVisible();
  await expect(page).toHaveURL(/\/appointments$/);

  const overlaps = (a: DOMRect | null, b: DOMRect | null) =>
    Boolean(
      a &&
      b &&
      a.x < b.x + b.width &&
      b.x < a.x + a.width &&
      a.y < b.y + b.height &&
      b.y < a.y + a.height,
    );
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const box = await toast.boundingBox();
    const nav = [
      page.getByRole('banner'),
      width < 900
        ? page.getByRole('button', { name: 'Open menu' })
        : page.getByRole('navigation', { name: 'Main' }),
    ];
    for (const target of nav) {
      await expect(target).toBeVisible();
      const covered = overlaps(
        box as DOMRect | null,
        (await target.boundingBox()) as DOMRect | null,
      );
      expect(covered, `the toast covers the navigation at ${width}px`).toBe(false);
    }
    // And the navigation still takes a click where the toast is not.
    await expect(page.getByRole('banner')).toBeInViewport();
  }
});
