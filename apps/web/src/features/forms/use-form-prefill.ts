import type { FormAnswerInput } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { FormPrefillDocument } from '../../gql/graphql';
import { useServices } from '../../lib/services';
import { formPrefillKey } from './keys';

/** What the portal already knows for the form's prefilled questions (name, birth date, weight). */
export function useFormPrefill(shortId: string) {
  const { graphql } = useServices();
  return useQuery({
    queryKey: formPrefillKey(shortId),
    queryFn: async () =>
      (await graphql.request(FormPrefillDocument, { short_id: shortId })).formPrefill.map(
        (p) => JSON.parse(p.answer) as FormAnswerInput,
      ),
    retry: 1,
  });
}
