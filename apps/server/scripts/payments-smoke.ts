import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { StripeGateway } from '../src/platform/gateway/stripe';

// `npm run payments:smoke`: the Stripe adapter's flow against Stripe's test mode (issue 39),
// the same calls the stand-in tests make, to catch what a stand-in cannot (a renamed parameter,
// a changed answer). It needs only STRIPE_SECRET_KEY, and refuses anything but a test key, so
// it can never move real money. The one call outside the adapter attaches Stripe's test card
// `pm_card_visa`, since saving a card normally happens in a browser with the Payment Element.
// A script, not the server: it reads its variables itself. STRIPE_API_BASE (http://host:port)
// points it at the local stand-in instead, which is how the script itself is checked offline.

const secretKey = process.env.STRIPE_SECRET_KEY ?? '';
if (!/^sk_test_[A-Za-z0-9]+$/.test(secretKey)) {
  console.log('payments:smoke skipped: STRIPE_SECRET_KEY is not a Stripe test key');
  process.exit(0);
}
const base = process.env.STRIPE_API_BASE ? new URL(process.env.STRIPE_API_BASE) : null;
const apiBase = base && {
  host: base.hostname,
  port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
  protocol: base.protocol === 'https:' ? ('https' as const) : ('http' as const),
};

const step = (what: string, detail: string) => console.log(`✓ ${what}: ${detail}`);

function check(condition: boolean, what: string): asserts condition {
  if (!condition) throw new Error(`payments:smoke failed: ${what}`);
}

async function main() {
  const gateway = new StripeGateway({
    secretKey,
    // Not used here: webhooks need a public endpoint, which a smoke run does not have.
    webhookSecret: 'whsec_unused',
    apiBase: apiBase ?? undefined,
  });
  const stripe = new Stripe(secretKey, { apiVersion: Stripe.API_VERSION, ...apiBase });
  const run = randomUUID();

  const customer = await gateway.createCustomer({ customerId: `smoke-${run}`, email: null });
  step('customer', customer);
  try {
    const setup = await gateway.startCardSetup({ processorCustomerId: customer });
    check(setup.setupId?.startsWith('seti_') === true, 'a SetupIntent id');
    check(Boolean(setup.clientSecret), 'a SetupIntent client secret');
    step('card setup', `${setup.setupId ?? ''} (client secret received, not shown)`);

    const method = await stripe.paymentMethods.attach('pm_card_visa', { customer });
    step(
      'test card attached',
      `${method.id} (${method.card?.brand ?? '?'} …${method.card?.last4 ?? '?'})`,
    );

    const request = {
      idempotencyKey: `smoke-charge-${run}`,
      processorCustomerId: customer,
      paymentMethodId: method.id,
      amountCents: 100,
      currency: 'usd',
      description: 'payments:smoke',
      onSession: false,
      metadata: { smoke_run: run },
    } as const;
    const first = await gateway.charge(request);
    check(first.status === 'succeeded', `the $1.00 charge succeeded (got ${first.status})`);
    step('charge $1.00', first.chargeId);
    const again = await gateway.charge(request);
    check(again.chargeId === first.chargeId, 'the repeated key answered the same payment');
    step('same key again', `${again.chargeId} (one payment)`);
    const read = await gateway.retrieveCharge(first.chargeId);
    check(read.status === 'succeeded', 'the payment reads as succeeded');
    // Stripe's search index lags up to about a minute: a miss is fine, a refused query is not.
    const found = await gateway.findCharge(request.idempotencyKey);
    check(found === null || found.chargeId === first.chargeId, 'search found this payment');
    step('search by our key', found ? found.chargeId : 'not indexed yet (search lags)');

    const refund = await gateway.refund({
      idempotencyKey: `smoke-refund-${run}`,
      chargeId: first.chargeId,
      amountCents: 100,
    });
    check(refund.status !== 'failed', `the refund was accepted (got ${JSON.stringify(refund)})`);
    step('refund $1.00', `${refund.refundId ?? ''} (${refund.status})`);
    const beyond = await gateway.refund({
      idempotencyKey: `smoke-refund-2-${run}`,
      chargeId: first.chargeId,
      amountCents: 1,
    });
    check(beyond.status === 'failed', 'a refund beyond the payment was refused');
    step(
      'refund beyond the payment',
      `refused (${beyond.status === 'failed' ? beyond.reason : ''})`,
    );

    const checkout = await gateway.createCheckout({
      idempotencyKey: `smoke-checkout-${run}`,
      clientReference: `smoke-${run}`,
      amountCents: 12_000,
      currency: 'usd',
      description: 'payments:smoke checkout',
      successUrl: 'https://example.com/bulk-payment?paid=1',
      cancelUrl: 'https://example.com/bulk-payment',
      processorCustomerId: customer,
    });
    step('checkout session', `${checkout.id} ${checkout.url}`);
    await gateway.detach(method.id);
    step('card detached', method.id);
  } finally {
    // Leave the test account as we found it (the payment and refund stay in its history).
    await stripe.customers.del(customer);
    step('customer deleted', customer);
  }
  console.log(`payments:smoke passed against ${base ? base.origin : 'Stripe test mode'}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
