import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  GetNotificationPreferencesDocument,
  UpdateNotificationPreferenceDocument,
  type GetNotificationPreferencesQuery,
} from '../../gql/graphql';
import { useServices } from '../../lib/services';

export type PreferenceCell = GetNotificationPreferencesQuery['notificationPreferences'][number];
const KEY = ['notification-preferences'] as const;

export function useNotificationPreferences() {
  const { graphql } = useServices();
  return useQuery({
    queryKey: KEY,
    queryFn: async () =>
      (await graphql.request(GetNotificationPreferencesDocument)).notificationPreferences,
  });
}

/** One cell; the grid query goes stale. */
export function useUpdateNotificationPreference() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { category: string; channel: string; enabled: boolean }) =>
      graphql.request(UpdateNotificationPreferenceDocument, vars),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
