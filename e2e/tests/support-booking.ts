import { expect, type Locator, type Page } from '@playwright/test';
import { isOperation, signIn, SLOT_TIME } from './support';
import type { Patient } from './support-customers';

// The booking and reschedule dialogs' slot-picking steps, as a person takes them (issue 43):
// the specs that book, hold or move a visit share them instead of repeating them.

/** Signs the customer in on /book-appointment, accepts the terms and opens the times. */
export async function openTimes(page: Page, patient: Patient): Promise<Locator> {
  await page.goto('/book-appointment');
  await signIn(page, patient.email, patient.password);
  await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a time' });
  await expect(dialog.getByRole('button', { name: SLOT_TIME }).first()).toBeVisible();
  return dialog;
}

/** Opens the nth day of the dialog's strip (0 is the first with times). */
export async function pickDay(dialog: Locator, n: number): Promise<void> {
  const days = dialog.getByRole('group', { name: 'Available days' }).getByRole('button');
  await expect(days.nth(n)).toBeVisible();
  await days.nth(n).click();
  await expect(dialog.getByRole('button', { name: SLOT_TIME }).first()).toBeVisible();
}

/** The slot a hold answered with. */
export interface HeldSlot {
  providerId: string;
  start: string;
  end: string;
}

/**
 * Picks the first or last time of the open day and waits for the server's hold on it: the
 * time as the button named it ("10:00 AM PDT") and the held slot.
 */
export async function pickTime(
  page: Page,
  dialog: Locator,
  which: 'first' | 'last',
): Promise<{ time: string; held: HeldSlot }> {
  const slot = dialog.getByRole('button', { name: SLOT_TIME })[which]();
  const time = ((await slot.textContent()) ?? '').trim();
  const answer = page.waitForResponse(
    (r) => isOperation(r.request(), 'HoldAppointmentSlot') && r.ok(),
  );
  await slot.click();
  const { data } = (await (await answer).json()) as {
    data: { holdAppointmentSlot: HeldSlot };
  };
  return { time, held: data.holdAppointmentSlot };
}

/** The review's countdown: shown, in the five minutes of the hold, and ticking. */
export async function expectCountdown(review: Locator): Promise<void> {
  const countdown = review.getByText(/^Held for you for [45]:\d{2}$/);
  await expect(countdown).toBeVisible();
  const before = await countdown.textContent();
  await expect(countdown).not.toHaveText(before ?? '');
  await expect(review.getByRole('status')).toHaveText(
    /^This time is held for you for [45] more minutes\.$/,
  );
}
