import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAlerts } from '../../components/alerts/alert-context';
import { errorCodeOf } from '../../lib/api/error-code';
import type { SlotWindow } from '@portal/domain';
import { GetAvailableSlotsDocument, type GetAvailableSlotsQuery } from '../../gql/graphql';
import { useServices } from '../../lib/services';

export interface SlotView {
  start: Date;
  end: Date;
  providerId: string;
  providerName: string;
  raw: GetAvailableSlotsQuery['availableSlots'][number];
}

export interface SlotSearch {
  state: string;
  treatmentId: string;
  window: SlotWindow;
  forReschedule: boolean;
}

/**
 * Every free slot of every provider for the state and treatment over the whole window, in one
 * request: the provider list, the provider fallback (which needs to know who has slots) and
 * Any available provider (thinned on the client with the domain's rule) all read it.
 */
export function useSlots(search: SlotSearch | null) {
  const { graphql } = useServices();
  return useQuery({
    queryKey: [
      'slots',
      search?.state,
      search?.treatmentId,
      search?.forReschedule,
      search?.window.earliest.toISOString().slice(0, 13),
    ],
    queryFn: async (): Promise<SlotView[]> => {
      if (!search) return [];
      const { availableSlots } = await graphql.request(GetAvailableSlotsDocument, {
        state: search.state,
        treatmentId: search.treatmentId,
        startTime: search.window.earliest.toISOString(),
        endTime: search.window.latest.toISOString(),
        forReschedule: search.forReschedule,
      });
      return availableSlots.map((raw) => ({
        start: new Date(raw.start),
        end: new Date(raw.end),
        providerId: raw.provider.id,
        providerName: raw.provider.displayName,
        raw,
      }));
    },
    enabled: Boolean(search),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** Spec 01 §8: T100 when times cannot be loaded, T101 when there are none for the place. */
export function useSlotsErrorAlert(error: unknown) {
  const { showAlert } = useAlerts();
  useEffect(() => {
    if (error) showAlert({ code: errorCodeOf(error, ['T100', 'T101'], 'T100') });
  }, [error, showAlert]);
}
