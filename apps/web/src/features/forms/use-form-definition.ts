import type { FormDefinition } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { GetTypeformByShortIdDocument } from '../../gql/graphql';
import { useServices } from '../../lib/services';
import { formDefinitionKey } from './keys';

/** GetTypeformByShortId {short_id}: the newest version of a form, its Questionnaire parsed. */
export function useFormDefinition(shortId: string) {
  const { graphql } = useServices();
  return useQuery({
    queryKey: formDefinitionKey(shortId),
    queryFn: async () => {
      const { getTypeformByShortId: row } = await graphql.request(GetTypeformByShortIdDocument, {
        short_id: shortId,
      });
      return { ...row, definition: JSON.parse(row.questionnaire) as FormDefinition };
    },
    retry: 1,
    staleTime: Infinity,
  });
}
