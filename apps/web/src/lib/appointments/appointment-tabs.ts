import { classifyAppointments, isUpcoming, type AppointmentLike } from '@portal/domain';

// Spec 01 §2, §4: /appointments has two tabs, Upcoming and Past. The API lists async visits
// apart (upcoming, previous, async); each tab shows its own async visits in their own
// section, so a past async visit is under Past only.

export interface TabLists<T> {
  /** Live visits: soonest first under Upcoming, latest first under Past. */
  visits: T[];
  /** Async visits in the same order. */
  async: T[];
}

export interface AppointmentTabs<T> {
  upcoming: TabLists<T>;
  past: TabLists<T>;
  /** The customer has no appointment at all (for the "all" empty state). */
  none: boolean;
}

/** Splits the customer's appointments into the two tabs by the spec's upcoming rule. */
export function appointmentTabs<T extends AppointmentLike>(
  appointments: readonly T[],
  now: Date,
): AppointmentTabs<T> {
  const lists = classifyAppointments(appointments, now);
  // classifyAppointments gives async visits latest first.
  const asyncUpcoming = lists.async.filter((a) => isUpcoming(a.start, now)).reverse();
  const asyncPast = lists.async.filter((a) => !isUpcoming(a.start, now));
  return {
    upcoming: { visits: lists.upcoming, async: asyncUpcoming },
    past: { visits: lists.previous, async: asyncPast },
    none: !lists.upcoming.length && !lists.previous.length && !lists.async.length,
  };
}
