import { paymentDeclineMessageKey } from '@portal/domain';
import { GraphqlRequestError } from '../../lib/api/graphql-client';

/** The processor's reason a TC108 or ST102 carries (spec 02 §8), as its message key. */
export function processorMessageKey(error: unknown, codes: readonly string[]): string | null {
  if (!(error instanceof GraphqlRequestError) || !error.code || !codes.includes(error.code)) {
    return null;
  }
  const extensions = error.errors[0]?.extensions as { reason?: unknown } | undefined;
  const reason = typeof extensions?.reason === 'string' ? extensions.reason : '';
  return paymentDeclineMessageKey(reason);
}
