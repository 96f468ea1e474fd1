import { useQuery } from '@tanstack/react-query';
import {
  GetAppointmentPresenceDocument,
  GetContractExpirationBannerNotificationsDocument,
  GetSduiModulesDocument,
} from '../../gql/graphql';
import { NOTIFICATIONS_KEY } from '../../lib/notifications/use-notifications';
import { useServices } from '../../lib/services';

/** GetSduiModules: the ordered home list (the web applies the spec's rules on top). */
export function useSduiHomeModules() {
  const { graphql } = useServices();
  return useQuery({
    queryKey: ['sdui-modules'],
    queryFn: async () => (await graphql.request(GetSduiModulesDocument)).sduiModules?.home ?? [],
    staleTime: 5 * 60_000,
  });
}

/** appointmentsByCustomer, asked only to know whether the appointments module shows. */
export function useHasAppointments() {
  const { graphql } = useServices();
  return useQuery({
    queryKey: ['appointments', 'presence'],
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

/** GetContractExpirationBannerNotifications: the plan-expiration banners. */
export function useContractExpirationBanners() {
  const { graphql } = useServices();
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'contract-expiration'],
    queryFn: async () =>
      (await graphql.request(GetContractExpirationBannerNotificationsDocument))
        .contractExpirationBannerNotifications ?? [],
    staleTime: 60_000,
  });
}
