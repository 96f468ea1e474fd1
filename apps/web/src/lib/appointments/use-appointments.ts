import { queryOptions, useQuery } from '@tanstack/react-query';
import { upcomingBoundary, type AppointmentLike } from '@portal/domain';
import { GetAppointmentsByCustomerDocument, type AppointmentCardFragment } from '../../gql/graphql';
import type { GraphqlClient } from '../api/graphql-client';
import { useServices, useSession } from '../services';

// The customer's appointments, read by the appointments area and by intake (which follows an
// appointment's intake requirement). Booking and reschedule make this key stale.

/** Every appointments read (the lists and home's presence check): what a booking makes stale. */
export const APPOINTMENTS_KEY = ['appointments'] as const;
export const APPOINTMENTS_QUERY_KEY = [...APPOINTMENTS_KEY, 'list'] as const;

export interface AppointmentView extends AppointmentLike {
  id: string;
  raw: AppointmentCardFragment;
}

export function toAppointmentView(raw: AppointmentCardFragment): AppointmentView {
  return {
    id: raw.id,
    start: new Date(raw.start),
    end: new Date(raw.end),
    status: raw.status,
    isAsync: raw.is_async,
    encounterSigned: raw.encounter.is_signed,
    raw,
  };
}

/**
 * Spec 01 §4, §7: GetAppointmentsByCustomer carries `minDate`, 30 minutes before now when the
 * list is read, so a visit that began less than 30 minutes ago still counts as upcoming.
 */
export function appointmentsQueryOptions(
  graphql: GraphqlClient,
  now: () => Date = () => new Date(),
) {
  return queryOptions({
    queryKey: APPOINTMENTS_QUERY_KEY,
    queryFn: async () => {
      const { appointmentsByCustomer: data } = await graphql.request(
        GetAppointmentsByCustomerDocument,
        { minDate: upcomingBoundary(now()).toISOString() },
      );
      return {
        upcoming: data.upcoming.map(toAppointmentView),
        previous: data.previous.map(toAppointmentView),
        async: data.async.map(toAppointmentView),
      };
    },
    retry: 1,
  });
}

export function useAppointments() {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({ ...appointmentsQueryOptions(graphql), enabled: status === 'authenticated' });
}
