import type { Stripe, StripeError } from '@stripe/stripe-js';

// Stripe.js for the screens that take or confirm a card (issue 39: card numbers go from the
// browser to Stripe, never to our server). Its loader is imported here only when asked for, so
// the bundle of a screen that merely might need it (and every screen of a sandbox deployment)
// carries none of it; the script itself comes from js.stripe.com, as Stripe requires.

/** Stripe.js could not be loaded (no connection, blocked script, or no publishable key). */
export class StripeUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('Stripe.js could not be loaded.', { cause });
    this.name = 'StripeUnavailableError';
  }
}

const loaded = new Map<string, Promise<Stripe>>();

/**
 * One Stripe instance per publishable key for the page's life (Elements and handleNextAction
 * must share the instance that made them). A failed load is forgotten, so opening the form
 * again tries again.
 */
export function loadStripeFor(publishableKey: string): Promise<Stripe> {
  const cached = loaded.get(publishableKey);
  if (cached) return cached;
  const promise = import('@stripe/stripe-js/pure')
    .then(({ loadStripe }) => loadStripe(publishableKey))
    .then(
      (stripe) => {
        if (!stripe) throw new StripeUnavailableError();
        return stripe;
      },
      (error: unknown) => {
        throw new StripeUnavailableError(error);
      },
    );
  promise.catch(() => {
    if (loaded.get(publishableKey) === promise) loaded.delete(publishableKey);
  });
  loaded.set(publishableKey, promise);
  return promise;
}

/** Test-only: forgets the loaded instances. */
export function forgetStripeInstances(): void {
  loaded.clear();
}

/**
 * What to tell the customer about an error Stripe.js answered. Stripe's own words only where
 * they are about what the customer typed or the card itself (a card or validation error,
 * already in the page's language, as the Payment Element shows its own); anything else (a
 * network failure, an expired secret, our own mistake) gets our generic message key.
 */
export function stripeErrorText(
  error: Pick<StripeError, 'type' | 'message'>,
): { text: string } | { key: string } {
  if ((error.type === 'card_error' || error.type === 'validation_error') && error.message) {
    return { text: error.message };
  }
  return { key: 'payment.default' };
}
