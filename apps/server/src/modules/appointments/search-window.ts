import { bookingWindow, rescheduleWindow, type SlotWindow } from '@portal/domain';

/**
 * Issue 43: the one window a time must fall in, for the slot search, the hold and the booking
 * or move itself, so a time the search offers is never refused by the write (and the reverse).
 * A move follows the treatment's reschedule rule (spec 01 §9: a fixed first day for some).
 */
export function searchWindow(
  now: Date,
  search: { forReschedule: boolean; treatmentShortId: string | null | undefined },
): SlotWindow {
  return search.forReschedule
    ? rescheduleWindow(now, search.treatmentShortId ?? null)
    : bookingWindow(now);
}
