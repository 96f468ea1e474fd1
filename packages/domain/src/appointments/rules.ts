import {
  JOIN_WINDOW_MINUTES,
  PREVIOUS_APPOINTMENTS_LIMIT,
  RESCHEDULE_MIN_LEAD_MINUTES,
  UPCOMING_GRACE_MINUTES,
} from '../constants';
import { EXCLUDED_APPOINTMENT_STATUSES } from '../vocabularies';
import { MINUTE_MS } from './zoned-time';

/** What the rules read of an appointment; the API's rows and the web's cards both fit. */
export interface AppointmentLike {
  id?: string | null;
  start: Date;
  end: Date;
  status: string;
  isAsync: boolean;
  encounterSigned?: boolean;
}

export function isExcludedStatus(status: string): boolean {
  return (EXCLUDED_APPOINTMENT_STATUSES as readonly string[]).includes(status);
}

/** Spec 01 §4, §9: the instant an appointment must start after to count as upcoming. */
export function upcomingBoundary(now: Date): Date {
  return new Date(now.getTime() - UPCOMING_GRACE_MINUTES * MINUTE_MS);
}

/** Spec 01 §4: upcoming when the start is later than 30 minutes before now. */
export function isUpcoming(start: Date, now: Date): boolean {
  return start.getTime() > upcomingBoundary(now).getTime();
}

export interface ClassifiedAppointments<T> {
  /** Soonest first. */
  upcoming: T[];
  /** Latest first, at most 50. */
  previous: T[];
  /** Async visits are listed apart, whatever their time; latest first. */
  async: T[];
}

/**
 * Spec 01 §4: expired, reserved, cancelled and voided appointments are left out; async ones
 * are listed separately; the rest are upcoming or previous; previous is limited to 50.
 */
export function classifyAppointments<T extends AppointmentLike>(
  appointments: readonly T[],
  now: Date,
): ClassifiedAppointments<T> {
  const shown = appointments.filter((a) => !isExcludedStatus(a.status));
  const byStart = (a: T, b: T) => a.start.getTime() - b.start.getTime();
  const live = shown.filter((a) => !a.isAsync);
  return {
    upcoming: live.filter((a) => isUpcoming(a.start, now)).sort(byStart),
    previous: live
      .filter((a) => !isUpcoming(a.start, now))
      .sort((a, b) => byStart(b, a))
      .slice(0, PREVIOUS_APPOINTMENTS_LIMIT),
    async: shown.filter((a) => a.isAsync).sort((a, b) => byStart(b, a)),
  };
}

/**
 * Spec 01 §4: Join Virtual Visit shows for a non-async, non-past appointment from 30 minutes
 * before its start until 30 minutes after it. Past means no longer upcoming, so the window
 * closes exactly when the appointment moves to Past.
 */
export function canJoinVisit(appointment: AppointmentLike, now: Date): boolean {
  if (appointment.isAsync || isExcludedStatus(appointment.status)) return false;
  const opens = appointment.start.getTime() - JOIN_WINDOW_MINUTES * MINUTE_MS;
  return now.getTime() >= opens && isUpcoming(appointment.start, now);
}

/**
 * Spec 01 §4: an appointment can be rescheduled when it starts at least 1 hour from now, has
 * an id and has no signed encounter.
 */
export function canReschedule(appointment: AppointmentLike, now: Date): boolean {
  if (!appointment.id || appointment.encounterSigned) return false;
  return appointment.start.getTime() - now.getTime() >= RESCHEDULE_MIN_LEAD_MINUTES * MINUTE_MS;
}

/** Spec 01 §4: the three reasons the booking flow is blocked, each with its own dialog. */
export const BOOKING_BLOCK_REASONS = [
  'appointmentInProgress',
  'existingAppointment',
  'noActiveTreatments',
] as const;
export type BookingBlockReason = (typeof BOOKING_BLOCK_REASONS)[number];

export function isInProgress(appointment: AppointmentLike, now: Date): boolean {
  const time = now.getTime();
  return appointment.start.getTime() <= time && time < appointment.end.getTime();
}

/**
 * Spec 01 §4: booking is blocked by an appointment in progress now (offers keep appointment),
 * by an existing upcoming appointment (offers reschedule), or by having no active treatments
 * (offers subscribe). In that order: a visit in progress cannot be rescheduled, so its dialog
 * wins; an existing visit is offered before subscribing. Only live, non-async appointments
 * that are not left out by status block.
 */
export function bookingBlockReason(input: {
  appointments: readonly AppointmentLike[];
  activeTreatmentCount: number;
  now: Date;
}): BookingBlockReason | null {
  const live = input.appointments.filter((a) => !a.isAsync && !isExcludedStatus(a.status));
  if (live.some((a) => isInProgress(a, input.now))) return 'appointmentInProgress';
  if (live.some((a) => a.start.getTime() > input.now.getTime())) return 'existingAppointment';
  if (input.activeTreatmentCount <= 0) return 'noActiveTreatments';
  return null;
}

/**
 * The instant by which an appointment that has both started and ended can no longer block a
 * booking at `now` (bookingBlockReason looks at visits in progress or ahead only). The server
 * reads only the customer's appointments that end or start after it; the rule stays above.
 */
export function bookingBlockHorizon(now: Date): Date {
  return now;
}

export type ProviderChoice =
  { kind: 'provider'; providerId: string; fellBack: boolean } | { kind: 'any'; fellBack: boolean };

/**
 * Spec 01 §4: when the chosen provider has no slots, fall back to the first previous provider
 * (in the order given, most recent first) with slots, or to Any available provider when none
 * has. No chosen provider means Any available provider.
 */
export function chooseProvider(input: {
  chosenProviderId: string | null;
  previousProviderIds: readonly string[];
  hasSlots: (providerId: string) => boolean;
}): ProviderChoice {
  const { chosenProviderId, previousProviderIds, hasSlots } = input;
  if (chosenProviderId === null) return { kind: 'any', fellBack: false };
  if (hasSlots(chosenProviderId)) {
    return { kind: 'provider', providerId: chosenProviderId, fellBack: false };
  }
  const previous = previousProviderIds.find((id) => id !== chosenProviderId && hasSlots(id));
  return previous
    ? { kind: 'provider', providerId: previous, fellBack: true }
    : { kind: 'any', fellBack: true };
}

/** Issue 43: how long a picked time is held for the customer before anyone may take it. */
export const SLOT_HOLD_MINUTES = 5;
/** Issue 43: how many nearest free times a taken time's answer offers. */
export const SLOT_ALTERNATIVES_COUNT = 3;

/** When a hold taken at `now` lapses (issue 43: five minutes). */
export function holdExpiry(now: Date, minutes = SLOT_HOLD_MINUTES): Date {
  return new Date(now.getTime() + minutes * MINUTE_MS);
}

/**
 * Issue 43: what is left of a hold, as whole seconds (never below 0) and as the minute shown
 * to a screen reader (rounded up: "4 minutes" while 3:01 to 4:00 remain).
 */
export function holdTimeLeft(expiresAt: Date, now: Date): { seconds: number; minutes: number } {
  const seconds = Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
  return { seconds, minutes: Math.ceil(seconds / 60) };
}

/** A free time offered instead of a taken one. */
export interface SlotAlternative {
  start: Date;
  end: Date;
  providerId: string;
}

/**
 * Issue 43: the nearest free times to a taken start: the same provider's first, then any
 * provider's, each group by distance from the taken start (the earlier one on a tie), at most
 * `count`, one per provider and start.
 */
export function nearestAlternatives<T extends SlotAlternative>(
  taken: { start: Date; providerId: string },
  sameProvider: readonly T[],
  anyProvider: readonly T[],
  count = SLOT_ALTERNATIVES_COUNT,
): T[] {
  const at = taken.start.getTime();
  const byDistance = (a: T, b: T) =>
    Math.abs(a.start.getTime() - at) - Math.abs(b.start.getTime() - at) ||
    a.start.getTime() - b.start.getTime();
  const picked: T[] = [];
  const seen = new Set<string>();
  const add = (slots: readonly T[], same: boolean) => {
    for (const slot of [...slots].sort(byDistance)) {
      if (picked.length >= count) return;
      const key = `${slot.providerId}|${slot.start.getTime()}`;
      if (seen.has(key) || (slot.start.getTime() === at && slot.providerId === taken.providerId))
        continue;
      if (same !== (slot.providerId === taken.providerId)) continue;
      seen.add(key);
      picked.push(slot);
    }
  };
  add(sameProvider, true);
  add(anyProvider, false);
  return picked;
}
