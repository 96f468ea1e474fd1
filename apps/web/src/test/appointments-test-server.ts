import { vi } from 'vitest';
import type { AppointmentCardFragment } from '../gql/graphql';
import { renderApp } from './render-app';

// Component tests of the appointment screens (and intake, which reads appointments): the
// app's fake server, with the appointment operations answered here by operation name.

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
    start,
    end,
    sequence: 0,
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
  upcoming?: AppointmentCardFragment[];
  previous?: AppointmentCardFragment[];
  async?: AppointmentCardFragment[];
  treatments?: (typeof WEIGHT)[];
  slots?: { start: string; provider?: typeof PROVIDER }[];
  /** ScheduleAdhocAppointmentV2 answers this error code. */
  bookError?: string;
}

function json(body: unknown) {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

export async function renderWithAppointments(path: string, fixtures: Fixtures = {}) {
  const view = await renderApp(path);
  const original = view.server.handler.getMockImplementation();
  const operations: { name: string; variables: Record<string, unknown> }[] = [];
  view.server.handler.mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.endsWith('/graphql')) return original!(input, init);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    const query = (body as { query?: string } | null)?.query ?? '';
    const name = /(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? '';
    const variables = (body as { variables?: Record<string, unknown> } | null)?.variables ?? {};
    operations.push({ name, variables });
    const answer = answerFor(name, fixtures);
    if (answer) return json(answer);
    return original!(input, init);
  });
  return { ...view, operations };
}

function answerFor(name: string, f: Fixtures): unknown {
  switch (name) {
    case 'GetCustomerData':
      return {
        data: {
          customer: {
            id: '00000000-0000-4000-8000-0000000000c1',
            short_id: 'S1',
            full_name: 'Alejandro Rivera',
            first_name: 'Alejandro',
            last_name: 'Rivera',
            preferred_name: 'Alex',
            phone: '+1 415 555 0134',
            dob: '1990-01-31',
            sex: null,
            gender: null,
            email: 'alex@example.com',
            created_at: '2025-01-01T00:00:00Z',
            time_zone: 'America/New_York',
            shippingAddresses: [
              {
                id: 'a1',
                address_type: 'SHIPPING',
                street_address1: '1 Main St',
                street_address2: null,
                city: 'Albany',
                state: 'New York',
                state_code: 'NY',
                zip_code: '12207',
              },
            ],
            tags: [],
            contracts: [],
            subscriptions: [],
          },
        },
      };
    case 'GetAppointmentsByCustomer':
      return {
        data: {
          appointmentsByCustomer: {
            upcoming: f.upcoming ?? [],
            previous: f.previous ?? [],
            async: f.async ?? [],
          },
        },
      };
    case 'GetActiveTreatments':
      return { data: { activeTreatments: f.treatments ?? [WEIGHT] } };
    case 'GetCustomerPreviousProviders':
      return { data: { customerPreviousProviders: [] } };
    case 'GetAvailableSlots':
      return {
        data: {
          availableSlots: (f.slots ?? []).map((s) => ({
            start: s.start,
            end: new Date(Date.parse(s.start) + 30 * 60_000).toISOString(),
            provider: s.provider ?? PROVIDER,
            treatment: { id: WEIGHT.id, shortId: WEIGHT.shortId },
          })),
        },
      };
    case 'UpsertTosConsent':
      return {
        data: {
          upsertTosConsentAndMarketingPreference: { statusCode: 200, data: { affected_rows: 2 } },
        },
      };
    case 'ScheduleAdhocAppointmentV2':
      return f.bookError
        ? { data: null, errors: [{ message: 'taken', extensions: { code: f.bookError } }] }
        : {
            data: {
              scheduleAdhocAppointmentV2: {
                statusCode: 200,
                name: 'ok',
                message: 'ok',
                data: { id: 'new', start: '', end: '' },
              },
            },
          };
    default:
      return null;
  }
}

/** Fixes Date (only Date: timers stay real so queries and lazy chunks run). */
export function setNow(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });
}
