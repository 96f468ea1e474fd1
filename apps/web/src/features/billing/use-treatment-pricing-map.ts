import { useQuery } from '@tanstack/react-query';
import { GetTreatmentPricingMapDocument } from '../../gql/graphql';
import { useServices, useSession } from '../../lib/services';
import { pricingMapKey } from './keys';

/** GetTreatmentPricingMap (spec 02 §7): every plan of the treatment an item price belongs to. */
export function useTreatmentPricingMap(itemPriceId: string | null | undefined) {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({
    queryKey: pricingMapKey(itemPriceId ?? ''),
    queryFn: async () =>
      (await graphql.request(GetTreatmentPricingMapDocument, { itemPriceId: itemPriceId ?? '' }))
        .treatmentPricingMap,
    enabled: status === 'authenticated' && Boolean(itemPriceId),
    staleTime: 5 * 60_000,
  });
}
