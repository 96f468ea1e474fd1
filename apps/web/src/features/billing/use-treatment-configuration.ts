import { useQuery } from '@tanstack/react-query';
import { GetTreatmentConfigurationDocument } from '../../gql/graphql';
import { useServices, useSession } from '../../lib/services';
import { TREATMENT_CONFIGURATION_KEY } from './keys';

/** getTreatmentConfiguration (spec 02 §7): the treatments a customer can move to. */
export function useTreatmentConfiguration() {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({
    queryKey: TREATMENT_CONFIGURATION_KEY,
    queryFn: async () =>
      (await graphql.request(GetTreatmentConfigurationDocument)).treatmentConfiguration,
    enabled: status === 'authenticated',
    staleTime: 5 * 60_000,
  });
}
