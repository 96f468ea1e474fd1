import { poundsToHundredths } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UpdateWeightMeasurementDocument } from '../../gql/graphql';
import { useServices } from '../services';
import { MEASUREMENTS_KEY } from './use-measurements';

/** updateWeightMeasurement {id, newWeight}; a failure is C110. */
export function useUpdateWeight() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; lb: number }) =>
      graphql.request(UpdateWeightMeasurementDocument, {
        id: input.id,
        newWeight: poundsToHundredths(input.lb),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEASUREMENTS_KEY }),
  });
}
