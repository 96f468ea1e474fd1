import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreateReferralDocument } from '../../gql/graphql';
import { GraphqlRequestError } from '../../lib/api/graphql-client';
import { useServices } from '../../lib/services';
import { REFERRALS_KEY } from './use-referrals';

export type SendOutcome =
  | { email: string; ok: true }
  | { email: string; ok: false; reason: 'duplicate' | 'ownEmail' | 'emailInvalid' | 'failed' };

function reasonOf(error: unknown): Exclude<SendOutcome, { ok: true }>['reason'] {
  if (!(error instanceof GraphqlRequestError)) return 'failed';
  const reason = (error.errors[0]?.extensions as { reason?: unknown } | undefined)?.reason;
  return reason === 'duplicate' || reason === 'ownEmail' || reason === 'emailInvalid'
    ? reason
    : 'failed';
}

/**
 * CreateReferral (spec 02 §5, §7): one call per email, all of them even when one fails; each
 * email's outcome comes back so the form keeps the ones that did not go. Refetches the list.
 */
export function useCreateReferrals() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (emails: string[]): Promise<SendOutcome[]> => {
      const settled = await Promise.allSettled(
        emails.map((refereeEmail) => graphql.request(CreateReferralDocument, { refereeEmail })),
      );
      return settled.map((result, i) => {
        const email = emails[i] ?? '';
        return result.status === 'fulfilled'
          ? { email, ok: true }
          : { email, ok: false, reason: reasonOf(result.reason) };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: REFERRALS_KEY }),
  });
}
