import { useQueryClient } from '@tanstack/react-query';
import { TreatmentRecordsChangedDocument } from '../../gql/graphql';
import { useLiveSubscription } from '../api/use-live-subscription';
import { LAB_ORDERS_KEY, PRESCRIPTIONS_KEY } from './keys';

/**
 * Keeps the treatment records fresh while a screen that shows them is open: the care team's
 * prescriptions, carrier scans and lab results arrive as customerChanged with reason
 * `prescriptions` or `labs` (the server's treatment records).
 */
export function useTreatmentRecordsLive(): void {
  const queryClient = useQueryClient();
  useLiveSubscription(TreatmentRecordsChangedDocument, ({ customerChanged }) => {
    if (customerChanged.reason === 'prescriptions') {
      void queryClient.invalidateQueries({ queryKey: PRESCRIPTIONS_KEY });
    } else if (customerChanged.reason === 'labs') {
      void queryClient.invalidateQueries({ queryKey: LAB_ORDERS_KEY });
    }
  });
}
