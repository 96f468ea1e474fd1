import { WEIGHT_UNIT, poundsToHundredths } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InsertCustomerMeasurementDocument } from '../../gql/graphql';
import { useServices } from '../services';
import { MEASUREMENTS_KEY } from './use-measurements';

/** InsertCustomerMeasurement for a weight in pounds on a day; a failure is C110. */
export function useSaveWeight(customerId: string | undefined) {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { lb: number; date: string }) => {
      if (!customerId) throw new Error('no customer');
      return graphql.request(InsertCustomerMeasurementDocument, {
        customerId,
        type: 'weight',
        value: poundsToHundredths(input.lb),
        unit: WEIGHT_UNIT,
        recordedAt: input.date,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEASUREMENTS_KEY }),
  });
}
