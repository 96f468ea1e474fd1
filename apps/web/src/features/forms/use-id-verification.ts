import { ID_CHECK_IN_REVIEW_REFRESH_MS } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IdVerificationDocument, NotificationsChangedDocument } from '../../gql/graphql';
import { useLiveSubscription } from '../../lib/api/use-live-subscription';
import { useServices } from '../../lib/services';
import { FORMS_KEY } from './keys';

export const ID_VERIFICATION_KEY = [...FORMS_KEY, 'id-verification'] as const;

/**
 * The customer's newest ID check (null when none was started). While the care team reviews it,
 * the screen follows their decision without a reload: a verification completes the `dl`
 * notification (the live notifications subscription brings it at once), and a rejection is
 * picked up by asking again every few seconds and when the tab comes back into focus.
 */
export function useIdVerification() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ID_VERIFICATION_KEY,
    queryFn: async () => (await graphql.request(IdVerificationDocument, {})).idVerification,
    retry: 1,
    refetchOnWindowFocus: true,
    refetchInterval: (q) =>
      q.state.data?.status === 'in_review' ? ID_CHECK_IN_REVIEW_REFRESH_MS : false,
  });
  useLiveSubscription(
    NotificationsChangedDocument,
    () => void queryClient.invalidateQueries({ queryKey: ID_VERIFICATION_KEY }),
    query.data?.status === 'in_review',
  );
  return query;
}
