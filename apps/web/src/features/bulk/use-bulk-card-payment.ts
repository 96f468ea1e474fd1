import { paymentDeclineMessageKey } from '@portal/domain';
import { useCallback } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripeFor, StripeUnavailableError } from '../../lib/billing/stripe';
import { useLoadAppConfig } from '../../lib/use-app-config';
import { usePurchaseBulk } from './use-purchase-bulk';

/** How a card payment of a bulk order ended, for the drawer to show. */
export type BulkCardOutcome =
  | { kind: 'completed' }
  /** Spec 02 §4: purchaseSucceeded or actionCompleted false; paying by card stays off. */
  | { kind: 'fatal'; messageKey: string }
  /** The bank's 3-D Secure check was not finished: nothing was taken, the customer may try again. */
  | { kind: 'authenticationIncomplete' }
  /** The page is leaving for the sandbox's challenge page. */
  | { kind: 'redirecting' };

/** Where the sandbox's challenge page sends the customer back to: this drawer, to settle. */
export function bulkReturnPath(actionId: string): string {
  return `/bulk-payment?actionId=${encodeURIComponent(actionId)}&authenticated=1`;
}

/**
 * The sandbox's challenge page with our return path. Only a path of our own origin is
 * followed: the sandbox lives on our server, and its page accepts only such a return path too.
 */
export function sandboxChallengeUrl(redirectUrl: string, actionId: string): string | null {
  if (!redirectUrl.startsWith('/') || redirectUrl.startsWith('//')) return null;
  const joiner = redirectUrl.includes('?') ? '&' : '?';
  return `${redirectUrl}${joiner}return=${encodeURIComponent(bulkReturnPath(actionId))}`;
}

/**
 * Paying a bulk order by card (spec 02 §4) with 3-D Secure (issue 39). When the processor
 * answers nextAction, the customer finishes the bank's check (Stripe.js in a frame over the
 * page, or the sandbox's challenge page, which comes back with authenticated=1) and the purchase
 * is asked again with the same action id: the server asks the processor and settles, once. A
 * second nextAction after a finished check is not followed again, so nothing loops.
 * Failures of the request itself (GraphQL errors) are thrown for the screen to judge.
 */
export function useBulkCardPayment() {
  const purchase = usePurchaseBulk();
  const loadConfig = useLoadAppConfig();
  const { mutateAsync } = purchase;

  const pay = useCallback(
    async (actionId: string, afterCheck = false): Promise<BulkCardOutcome> => {
      const result = await mutateAsync(actionId);
      if (result.purchaseSucceeded && result.actionCompleted) return { kind: 'completed' };
      const next = result.nextAction;
      if (!next) {
        return {
          kind: 'fatal',
          messageKey: result.purchaseSucceeded
            ? 'bulk.payment.actionFailure'
            : paymentDeclineMessageKey(result.reason ?? ''),
        };
      }
      if (afterCheck) return { kind: 'authenticationIncomplete' };
      const { payments } = await loadConfig();
      if (payments.provider === 'stripe') {
        let stripe: Stripe;
        try {
          if (!payments.publishableKey) throw new StripeUnavailableError();
          stripe = await loadStripeFor(payments.publishableKey);
        } catch {
          // Nothing was taken; the customer can try again once Stripe.js loads.
          return { kind: 'authenticationIncomplete' };
        }
        try {
          await stripe.handleNextAction({ clientSecret: next.clientSecret });
        } catch {
          // Neither its answer nor its failure is the outcome: the server asks the processor.
        }
        return pay(actionId, true);
      }
      const url = next.redirectUrl ? sandboxChallengeUrl(next.redirectUrl, actionId) : null;
      if (!url) return { kind: 'authenticationIncomplete' };
      window.location.assign(url);
      return { kind: 'redirecting' };
    },
    [mutateAsync, loadConfig],
  );

  return { pay, isPending: purchase.isPending };
}
