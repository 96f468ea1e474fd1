import { useQuery } from '@tanstack/react-query';
import { GetAppointmentPresenceDocument } from '../../gql/graphql';
import { useServices } from '../services';
import { APPOINTMENTS_KEY } from './use-appointments';

// Home asks only whether the appointments module shows, not for the list itself.
export const APPOINTMENT_PRESENCE_QUERY_KEY = [...APPOINTMENTS_KEY, 'presence'] as const;

/** appointmentsByCustomer reduced to: does the customer have any appointment at all. */
export function useHasAppointments() {
  const { graphql } = useServices();
  return useQuery({
    queryKey: APPOINTMENT_PRESENCE_QUERY_KEY,
    queryFn: async () => {
      const result = (await graphql.request(GetAppointmentPresenceDocument)).appointmentsByCustomer;
      return Boolean(
        result &&
        (result.upcoming.length > 0 || result.previous.length > 0 || result.async.length > 0),
      );
    },
    staleTime: 60_000,
  });
}
