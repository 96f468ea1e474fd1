import type { TimeOffInput, WeeklyHoursBlock, WeeklyHoursInput } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCare } from './services';

// Providers' hours (issue 41): the list, one provider, and the admin's edits.

export interface TimeOffEntry {
  id: string;
  startsAt: string;
  endsAt: string;
  reason: string | null;
}

export interface ProviderHoursView {
  id: string;
  displayName: string;
  title: string | null;
  timeZone: string;
  visitMinutes: number;
  hours: WeeklyHoursBlock[];
  timeOff: TimeOffEntry[];
}

/** A booked visit an edit would leave outside the hours (409 strands-visits). */
export interface StrandedVisit {
  id: string;
  start: string;
  end: string;
  patient: string;
}

const providersKey = ['care', 'providers'] as const;
const providerKey = (id: string) => ['care', 'providers', id] as const;

export function useProviders() {
  const { api } = useCare();
  return useQuery({
    queryKey: providersKey,
    queryFn: () => api.get<ProviderHoursView[]>('/staff/providers'),
  });
}

export function useProvider(id: string) {
  const { api } = useCare();
  return useQuery({
    queryKey: providerKey(id),
    queryFn: () => api.get<ProviderHoursView>(`/staff/providers/${encodeURIComponent(id)}`),
  });
}

/** The edits; each refreshes the provider and the list when it saves. */
export function useProviderEdits(id: string) {
  const { api } = useCare();
  const client = useQueryClient();
  const path = `/staff/providers/${encodeURIComponent(id)}`;
  const refresh = () => client.invalidateQueries({ queryKey: providersKey });
  return {
    setHours: useMutation({
      mutationFn: (input: WeeklyHoursInput) =>
        api.send<ProviderHoursView>('PUT', `${path}/hours`, input),
      onSuccess: refresh,
    }),
    addTimeOff: useMutation({
      mutationFn: (input: TimeOffInput) =>
        api.send<TimeOffEntry>('POST', `${path}/time-off`, input),
      onSuccess: refresh,
    }),
    removeTimeOff: useMutation({
      mutationFn: (timeOffId: string) =>
        api.send<undefined>('DELETE', `${path}/time-off/${encodeURIComponent(timeOffId)}`),
      onSuccess: refresh,
    }),
  };
}
