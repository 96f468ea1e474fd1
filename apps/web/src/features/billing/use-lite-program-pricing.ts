import { useQuery } from '@tanstack/react-query';
import { GetLiteProgramPricingDocument } from '../../gql/graphql';
import { useServices, useSession } from '../../lib/services';
import { LITE_PROGRAM_PRICING_KEY } from './keys';

/** GetLiteProgramPricing (spec 02 §3, §7): the lite program's plans, shortest first. */
export function useLiteProgramPricing() {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({
    queryKey: LITE_PROGRAM_PRICING_KEY,
    queryFn: async () => (await graphql.request(GetLiteProgramPricingDocument)).liteProgramPricing,
    enabled: status === 'authenticated',
    staleTime: 5 * 60_000,
  });
}
