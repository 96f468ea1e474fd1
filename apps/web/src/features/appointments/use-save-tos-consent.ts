import type { TosConsentInput } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { UpsertTosConsentDocument } from '../../gql/graphql';
import { useServices } from '../../lib/services';

/**
 * The contact step's terms consent and marketing choice (spec 01 §2, §5). No query of the
 * web app reads consents, so none goes stale.
 */
export function useSaveTosConsent(customerId: string) {
  const { graphql } = useServices();
  return useMutation({
    mutationFn: (consent: TosConsentInput) =>
      graphql.request(UpsertTosConsentDocument, { customerId, ...consent }),
  });
}
