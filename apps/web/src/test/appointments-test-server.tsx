import { slotsByDay } from '@portal/domain';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { AppointmentCardFragment } from '../gql/graphql';
import { GraphqlRequestError, type GraphqlErrorEntry } from '../lib/api/graphql-client';
import { CUSTOMER, renderWithServices } from './render-with-services';

// Component tests of the appointment screens (and intake, which reads appointments): the
// screen under test with fake services, the appointment operations answered here by
// operation name (the GraphQL layer is the seam, as elsewhere).

export const PROVIDER = {
  id: '00000000-0000-4000-8000-0000000000a1',
  displayName: 'Dr. Priya Natarajan',
  title: 'MD',
  profileImage: null,
  virtualVisitLink: 'https://visit.example.com/natarajan',
};
export const OTHER_PROVIDER = {
  ...PROVIDER,
  id: '00000000-0000-4000-8000-0000000000a2',
  displayName: 'Marcus Bell',
};
export const WEIGHT = {
  id: '00000000-0000-4000-8000-0000000000t1',
  shortId: 'weightmanagement',
  displayName: 'Weight Management',
};
export const SLEEP = {
  id: '00000000-0000-4000-8000-0000000000t2',
  shortId: 'sleep',
  displayName: 'Sleep',
};

export function appointment(
  start: string,
  overrides: Partial<AppointmentCardFragment> = {},
): AppointmentCardFragment {
  const end = new Date(Date.parse(start) + 30 * 60_000).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(Date.parse(start) % 1e12).padStart(12, '0')}`,
    sequence: 0,
    start,
    end,
    status: 'scheduled',
    is_async: false,
    provider: PROVIDER,
    treatment: WEIGHT,
    encounter: { is_signed: false },
    appointment_requirements: [],
    ...overrides,
  };
}

export interface Fixtures {
  /** Issue 43: the server's .ics of an appointment ("Add to Calendar"). */
  calendarFile?: { filename: string; method: string; content: string };
  upcoming?: AppointmentCardFragment[];
  previous?: AppointmentCardFragment[];
  async?: AppointmentCardFragment[];
  treatments?: (typeof WEIGHT)[];
  slots?: { start: string; provider?: typeof PROVIDER }[];
  /** Care-team reschedule requests, answered by id (GetReschedule); any other id is null. */
  reschedules?: { id: string; customer_id: string; appointment_id: string | null }[];
  /** ScheduleAdhocAppointmentV2 answers this error code. */
  bookError?: string;
  /**
   * Issue 43: HoldAppointmentSlot (and, with `bookTaken`, ScheduleAdhocAppointmentV2) answers
   * A102 slotTaken with these alternatives for a start in `takenStarts`.
   */
  takenStarts?: string[];
  alternatives?: { start: string; end: string; providerId: string; providerName: string }[];
  bookTaken?: boolean;
  /** UpsertTosConsent fails with A103 and these field errors (field → message key). */
  consentFields?: Record<string, string>;
  /** Issue 46: GetAvailableProviders never answers (the strip must not wait for it). */
  providersPending?: boolean;
  /** Issue 43: the zone on the record (GetDisplayTimeZone); default New York, chosen. */
  displayTimeZone?: { timeZone: string; chosen: boolean };
}

/** A customer in New York with a phone and a shipping address there. */
const NEW_YORKER = {
  ...CUSTOMER,
  id: '00000000-0000-4000-8000-0000000000c1',
  phone: '+1 415 555 0134',
  dob: '1990-01-31',
  time_zone: 'America/New_York',
  shippingAddresses: [
    {
      id: 'a1',
      address_type: 'SHIPPING',
      first_name: null,
      last_name: null,
      street_address1: '1 Main St',
      street_address2: null,
      city: 'Albany',
      state: 'New York',
      state_code: 'NY',
      zip_code: '12207',
    },
  ],
  subscriptions: [],
};

/**
 * Renders `element` at `path` (its route is the path without the query); any other path
 * renders an empty page, so a test can follow where the screen navigates.
 */
export function renderWithAppointments(path: string, element: ReactNode, fixtures: Fixtures = {}) {
  return renderWithServices(
    [
      { path: path.split('?')[0] ?? path, element },
      { path: '*', element: <main aria-label="elsewhere" /> },
    ],
    {
      path,
      customer: NEW_YORKER,
      answer: (name, variables) => answerFor(name, fixtures, variables),
    },
  );
}

function answerFor(name: string, f: Fixtures, variables: Record<string, unknown> = {}): unknown {
  switch (name) {
    case 'GetAppointmentsByCustomer':
      return {
        appointmentsByCustomer: {
          upcoming: f.upcoming ?? [],
          previous: f.previous ?? [],
          async: f.async ?? [],
        },
      };
    case 'GetActiveTreatments':
      return { activeTreatments: f.treatments ?? [WEIGHT] };
    case 'GetReschedule':
      return {
        reschedule:
          (f.reschedules ?? [])
            .map((r) => ({ ...r, status: 'PENDING' }))
            .find((r) => r.id === variables.id) ?? null,
      };
    case 'GetCustomerPreviousProviders':
      return { customerPreviousProviders: [] };
    case 'GetAvailableSlots':
      return {
        availableSlots: (f.slots ?? []).map((s) => ({
          start: s.start,
          end: new Date(Date.parse(s.start) + 30 * 60_000).toISOString(),
          provider: s.provider ?? PROVIDER,
          treatment: { id: WEIGHT.id, shortId: WEIGHT.shortId },
        })),
      };
    case 'GetAvailabilitySummary': {
      // Issue 16's day strip, from the same fixture slots: each local day with a free start
      // (of the provider asked, else any), labelled as the domain labels a count of starts.
      const slots = (f.slots ?? []).map((s) => ({ ...s, provider: s.provider ?? PROVIDER }));
      const shown = slots.filter(
        (s) => !variables.providerId || s.provider.id === variables.providerId,
      );
      const days = slotsByDay(
        [...new Map(shown.map((s) => [s.start, { start: new Date(s.start) }])).values()],
        String(variables.timeZone),
      );
      // With firstDay, the first day's times come along: one provider per start for any
      // provider (the first in fixture order, where the server picks at random).
      const first = days[0];
      const firstDay =
        variables.firstDay && first
          ? {
              date: first.date,
              slots: [
                ...new Map(
                  shown
                    .filter((s) =>
                      first.slots.some((f) => f.start.getTime() === Date.parse(s.start)),
                    )
                    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
                    .map((s) => [
                      variables.providerId ? `${s.provider.id} ${s.start}` : s.start,
                      s,
                    ]),
                ).values(),
              ].map((s) => ({
                start: s.start,
                end: new Date(Date.parse(s.start) + 30 * 60_000).toISOString(),
                providerId: s.provider.id,
                providerName: s.provider.displayName,
              })),
            }
          : null;
      return {
        availabilitySummary: {
          days: days.map((d) => ({ date: d.date, label: d.label })),
          firstDay,
        },
      };
    }
    case 'GetAvailableProviders': {
      // Issue 46: who has a free time, asked beside the strip.
      if (f.providersPending) return new Promise(() => {});
      const slots = (f.slots ?? []).map((s) => ({ ...s, provider: s.provider ?? PROVIDER }));
      return {
        availabilitySummary: {
          providers: [...new Map(slots.map((s) => [s.provider.id, s.provider])).values()],
        },
      };
    }
    case 'CheckTimeStillAvailable':
      return {
        checkTimeStillAvailable: (f.slots ?? [])
          .filter((s) => s.start === variables.startTime)
          .map((s) => ({
            start: s.start,
            end: new Date(Date.parse(s.start) + 30 * 60_000).toISOString(),
            provider: { id: (s.provider ?? PROVIDER).id },
          })),
      };
    case 'RescheduleAppointmentV2':
      return {
        rescheduleAppointmentV2: {
          statusCode: 200,
          name: 'ok',
          message: 'ok',
          data: { id: variables.appointmentId, start: variables.start, end: variables.end },
        },
      };
    case 'UpdateReschedule':
      return {
        updateRescheduleById: {
          statusCode: 200,
          data: { id: variables.id, status: variables.status },
        },
      };
    case 'UpsertTosConsent':
      if (f.consentFields) {
        throw new GraphqlRequestError('A103', 'Invalid input.', [
          { message: 'Invalid input.', extensions: { code: 'A103', fields: f.consentFields } },
        ]);
      }
      return {
        upsertTosConsentAndMarketingPreference: { statusCode: 200, data: { affected_rows: 2 } },
      };
    case 'HoldAppointmentSlot':
      if (f.takenStarts?.includes(String(variables.start))) throw slotTaken(f);
      return {
        holdAppointmentSlot: {
          id: `00000000-0000-4000-8000-${String(Date.parse(String(variables.start)) % 1e12).padStart(12, '0')}`,
          providerId: variables.providerId,
          start: variables.start,
          end: variables.end,
          // Five minutes from the (possibly fixed) clock.
          expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
        },
      };
    case 'ReleaseAppointmentHold':
      return { releaseAppointmentHold: true };
    case 'ScheduleAdhocAppointmentV2':
      if (f.bookTaken) throw slotTaken(f);
      if (f.bookError) {
        throw new GraphqlRequestError(f.bookError, 'taken', [
          { message: 'taken', extensions: { code: f.bookError } },
        ]);
      }
      return {
        scheduleAdhocAppointmentV2: {
          statusCode: 200,
          name: 'ok',
          message: 'ok',
          data: { id: 'new', start: '', end: '' },
        },
      };
    case 'GetDisplayTimeZone':
      return {
        displayTimeZone: f.displayTimeZone ?? { timeZone: 'America/New_York', chosen: true },
      };
    case 'SetDisplayTimeZone':
      return {
        setDisplayTimeZone: {
          statusCode: 200,
          data: { timeZone: variables.timeZone, chosen: !variables.fromDevice },
        },
      };
    case 'GetAppointmentCalendarFile':
      return { appointmentCalendarFile: f.calendarFile ?? null };
    default:
      throw new Error(`No answer for ${name}`);
  }
}

function slotTaken(f: Fixtures) {
  return new GraphqlRequestError('A102', 'This time was just taken.', [
    {
      message: 'This time was just taken.',
      extensions: { code: 'A102', reason: 'slotTaken', alternatives: f.alternatives ?? [] },
    } as GraphqlErrorEntry,
  ]);
}

/** Fixes Date (only Date: timers stay real so queries run). */
export function setNow(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });
}
