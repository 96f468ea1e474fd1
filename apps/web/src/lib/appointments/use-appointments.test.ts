import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createGraphqlClient } from '../api/graphql-client';
import { appointmentsQueryOptions } from './use-appointments';

/** The variables of the one GetAppointmentsByCustomer request, from a GET's URL or a POST's body. */
function capturingApi() {
  const sent: Record<string, unknown>[] = [];
  const fetch = (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const fromUrl = url.searchParams.get('variables');
    const body = init?.body ? (JSON.parse(init.body as string) as { variables?: unknown }) : {};
    sent.push((fromUrl ? JSON.parse(fromUrl) : (body.variables ?? {})) as Record<string, unknown>);
    const empty = { upcoming: [], previous: [], async: [] };
    return Promise.resolve(
      new Response(JSON.stringify({ data: { appointmentsByCustomer: empty } })),
    );
  };
  return { sent, fetch };
}

describe('GetAppointmentsByCustomer (spec 01 §4: upcoming when start is later than 30 minutes before now)', () => {
  it('sends minDate 30 minutes before now', async () => {
    const api = capturingApi();
    const graphql = createGraphqlClient({
      fetch: api.fetch,
      getAccessToken: () => Promise.resolve('access-1'),
      refreshAccessToken: () => Promise.resolve('access-2'),
    });
    const now = new Date('2026-03-08T09:45:00.000Z');
    await new QueryClient().fetchQuery(appointmentsQueryOptions(graphql, () => now));
    expect(api.sent).toEqual([{ minDate: '2026-03-08T09:15:00.000Z' }]);
  });
});
