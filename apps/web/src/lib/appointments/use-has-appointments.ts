import { INTAKE_REQUIREMENT_TYPES } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  GetAppointmentPresenceDocument,
  type AppointmentPresenceFragment,
} from '../../gql/graphql';
import type { GraphqlClient } from '../api/graphql-client';
import { useServices } from '../services';
import { APPOINTMENTS_KEY } from './use-appointments';

// Home asks only whether the appointments module shows and whether an intake is waiting,
// not for the list itself.
export const APPOINTMENT_PRESENCE_QUERY_KEY = [...APPOINTMENTS_KEY, 'presence'] as const;

export interface AppointmentPresence {
  /** Any appointment at all, upcoming, past or async (the appointments module shows). */
  hasAppointments: boolean;
  /**
   * Spec 01 §2, §3: an upcoming or async visit still needs an intake form that has a link,
   * which is where /intake sends the customer.
   */
  intakeNeeded: boolean;
}

const isIntakeType = (type: string) =>
  (INTAKE_REQUIREMENT_TYPES as readonly string[]).includes(type);

export function intakeNeeded(appointments: readonly AppointmentPresenceFragment[]): boolean {
  return appointments.some((a) =>
    a.appointment_requirements.some(
      (r) => !r.completed && isIntakeType(r.requirement_type) && Boolean(r.link),
    ),
  );
}

export function appointmentPresenceQueryOptions(graphql: GraphqlClient) {
  return queryOptions({
    queryKey: APPOINTMENT_PRESENCE_QUERY_KEY,
    queryFn: async (): Promise<AppointmentPresence> => {
      const result = (await graphql.request(GetAppointmentPresenceDocument)).appointmentsByCustomer;
      if (!result) return { hasAppointments: false, intakeNeeded: false };
      return {
        hasAppointments:
          result.upcoming.length > 0 || result.previous.length > 0 || result.async.length > 0,
        intakeNeeded: intakeNeeded([...result.upcoming, ...result.async]),
      };
    },
    staleTime: 60_000,
  });
}

/** appointmentsByCustomer reduced to what home needs (see AppointmentPresence). */
export function useAppointmentPresence() {
  const { graphql } = useServices();
  return useQuery(appointmentPresenceQueryOptions(graphql));
}
