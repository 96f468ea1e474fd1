import { useQuery } from '@tanstack/react-query';
import type { AppointmentLike } from '@portal/domain';
import {
  GetActiveTreatmentsDocument,
  GetAppointmentsByCustomerDocument,
  GetCustomerPreviousProvidersDocument,
  GetFollowUpDocument,
  GetRescheduleDocument,
  type AppointmentCardFragment,
} from '../../gql/graphql';
import { useServices, useSession } from '../../lib/services';

// The reads the booking flow needs. Appointments sit under the ['appointments', …] prefix
// that every booking and reschedule invalidates (the list screen reads ['appointments', 'list']).

export const APPOINTMENTS_PREFIX = ['appointments'] as const;

export interface BookingAppointment extends AppointmentLike {
  id: string;
  raw: AppointmentCardFragment;
}

function toView(raw: AppointmentCardFragment): BookingAppointment {
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

function useEnabled() {
  return useSession().status === 'authenticated';
}

export function useBookingAppointments() {
  const { graphql } = useServices();
  return useQuery({
    queryKey: [...APPOINTMENTS_PREFIX, 'booking'],
    queryFn: async () => {
      const { appointmentsByCustomer: data } = await graphql.request(
        GetAppointmentsByCustomerDocument,
        {},
      );
      return [...data.upcoming, ...data.previous, ...data.async].map(toView);
    },
    enabled: useEnabled(),
    retry: 1,
  });
}

export function useBookingTreatments() {
  const { graphql } = useServices();
  return useQuery({
    queryKey: ['activeTreatments'],
    queryFn: async () => (await graphql.request(GetActiveTreatmentsDocument)).activeTreatments,
    enabled: useEnabled(),
    staleTime: 60_000,
  });
}

export function usePreviousProviders() {
  const { graphql } = useServices();
  return useQuery({
    queryKey: ['previousProviders'],
    queryFn: async () =>
      (await graphql.request(GetCustomerPreviousProvidersDocument, { limit: 5 }))
        .customerPreviousProviders,
    enabled: useEnabled(),
  });
}

export function useFollowUp(id: string | null) {
  const { graphql } = useServices();
  return useQuery({
    queryKey: ['followUp', id],
    queryFn: async () => (await graphql.request(GetFollowUpDocument, { id: id ?? '' })).followUp,
    enabled: useEnabled() && Boolean(id),
  });
}

export function useReschedule(id: string | null) {
  const { graphql } = useServices();
  return useQuery({
    queryKey: ['reschedule', id],
    queryFn: async () =>
      (await graphql.request(GetRescheduleDocument, { id: id ?? '' })).reschedule,
    enabled: useEnabled() && Boolean(id),
  });
}
