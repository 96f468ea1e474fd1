import { NOTIFICATION_TYPE } from '@portal/domain';
import { useLabResultNotifications } from './use-lab-result-notifications';
import { useNotificationsQuery, type PortalNotification } from './use-notifications';

/**
 * The notifications the bell and the home cards show: lab results from
 * GetLabResultNotifications (spec 01 §7), everything else from GetCustomerNotifications,
 * newest first. Each notice appears once.
 */
export function mergeNotifications(
  all: readonly PortalNotification[],
  labResults: readonly PortalNotification[],
): PortalNotification[] {
  return [...all.filter((n) => n.type !== NOTIFICATION_TYPE.labResult), ...labResults].sort(
    (a, b) => Date.parse(b.date) - Date.parse(a.date),
  );
}

export function useShownNotifications() {
  const all = useNotificationsQuery();
  const labs = useLabResultNotifications();
  return {
    data: all.data ? mergeNotifications(all.data, labs.data ?? []) : undefined,
    // A failed lab read still leaves the other notices to show.
    isPending: all.isPending || labs.isPending,
    isError: all.isError,
    refetch: async () => {
      await Promise.all([all.refetch(), labs.refetch()]);
    },
  };
}
