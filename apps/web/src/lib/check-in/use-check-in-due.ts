import { useQuery } from '@tanstack/react-query';
import { SideEffectCheckInsDocument } from '../../gql/graphql';
import { useServices, useSession } from '../services';
import { useCustomerQuery } from '../customer/use-customer';
import { prescriptionsQueryOptions, type Prescription } from '../treatment/use-prescriptions';
import { checkInDue, SIDE_EFFECT_CHECK_IN_SHORT_ID, type CheckInReason } from './check-in-due';

/** The customer's completed side-effect check-ins (when each was submitted). */
function useCompletedCheckIns(enabled: boolean) {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({
    // Under the forms area's key (features/forms/keys.ts FORMS_KEY): submitting a form
    // invalidates it, so a check-in just done stops the offer.
    queryKey: ['forms', 'check-ins', 'completed'],
    queryFn: async () =>
      (
        await graphql.request(SideEffectCheckInsDocument, {
          short_id: SIDE_EFFECT_CHECK_IN_SHORT_ID,
          status: 'completed',
        })
      ).intakeSearches,
    enabled: enabled && status === 'authenticated',
    retry: 1,
  });
}

/**
 * Why the side-effect check-in is due now, or null (also while loading or on a failed read),
 * for prescriptions the screen already holds.
 */
export function useCheckInReason(
  prescriptions: readonly Prescription[] | undefined,
  enabled = true,
) {
  return useCheckInOffer(prescriptions, enabled).reason;
}

/**
 * The same with whether the answer is settled. A screen that places the offer above its list
 * starts this read with the list's (it needs no customer id) and shows the list once the read
 * has answered, so the offer never pushes the list down after it painted (/prescriptions' CLS,
 * issue 46). A failed first try settles it too: the offer is optional, the list is not.
 */
export function useCheckInOffer(
  prescriptions: readonly Prescription[] | undefined,
  enabled = true,
): { reason: CheckInReason | null; settled: boolean } {
  const checkIns = useCompletedCheckIns(enabled);
  const settled =
    !checkIns.isPending || checkIns.failureCount > 0 || checkIns.fetchStatus === 'idle';
  if (!prescriptions || !checkIns.data) return { reason: null, settled };
  const reason = checkInDue(
    prescriptions,
    checkIns.data.map((c) => c.completed_at),
    new Date(),
  );
  return { reason, settled };
}

/**
 * The same, reading the prescriptions itself (home; the orders module shares the answer), only
 * for a customer on treatment: a newcomer's home asks for neither.
 */
export function useCheckInDue(onTreatment: boolean): CheckInReason | null {
  const { graphql } = useServices();
  const { status } = useSession();
  const customerId = useCustomerQuery().data?.id ?? '';
  const enabled = onTreatment && status === 'authenticated' && customerId !== '';
  const prescriptions = useQuery({ ...prescriptionsQueryOptions(graphql, customerId), enabled });
  return useCheckInReason(prescriptions.data, enabled);
}
