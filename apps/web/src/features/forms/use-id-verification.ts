import { useQuery } from '@tanstack/react-query';
import { IdVerificationDocument } from '../../gql/graphql';
import { useServices } from '../../lib/services';
import { FORMS_KEY } from './keys';

export const ID_VERIFICATION_KEY = [...FORMS_KEY, 'id-verification'] as const;

/** The customer's newest ID check (null when none was started). */
export function useIdVerification() {
  const { graphql } = useServices();
  return useQuery({
    queryKey: ID_VERIFICATION_KEY,
    queryFn: async () => (await graphql.request(IdVerificationDocument, {})).idVerification,
    retry: 1,
  });
}
