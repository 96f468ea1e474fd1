import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportWeightDataDocument } from '../../gql/graphql';
import { useServices } from '../services';
import { MEASUREMENTS_KEY } from './use-measurements';

/** The home address's weightData, recorded once per day; a failure is C112. */
export function useImportWeightData() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (weightData: string) =>
      (await graphql.request(ImportWeightDataDocument, { weightData })).importWeightData,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEASUREMENTS_KEY }),
  });
}
