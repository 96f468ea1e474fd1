import { replacePaymentSourceSchema } from '@portal/domain';
import { builder } from '../../graphql/builder';
import { parseArgs, requireCustomer } from '../../graphql/guards';
import { ok, type Payload } from '../../graphql/payload';
import type { PaymentSourceView } from './payment-sources';
import type { PaymentSourceRow } from './store';

// Spec 02 §3, §7: saved cards. A card shows its brand, last 4, expiry and billing address,
// never the number; a new one arrives only as the gateway's token.

const BillingAddress = builder
  .objectRef<PaymentSourceRow>('PaymentSourceBillingAddress')
  .implement({
    fields: (t) => ({
      first_name: t.exposeString('billingFirstName', { nullable: true }),
      last_name: t.exposeString('billingLastName', { nullable: true }),
      street_address1: t.exposeString('billingStreetAddress1', { nullable: true }),
      street_address2: t.exposeString('billingStreetAddress2', { nullable: true }),
      city: t.exposeString('billingCity', { nullable: true }),
      state: t.exposeString('billingState', { nullable: true }),
      state_code: t.exposeString('billingStateCode', { nullable: true }),
      zip_code: t.exposeString('billingZipCode', { nullable: true }),
    }),
  });

type BillingTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/**
 * The fields every saved card shows (PaymentSourceCard, on a subscription, and PaymentSource,
 * in the list): one definition, so the two types cannot drift apart.
 */
function cardFields<Card extends PaymentSourceRow>(
  t: PothosSchemaTypes.ObjectFieldBuilder<BillingTypes, Card>,
) {
  return {
    payment_source_id: t.id({ resolve: (s) => s.id }),
    display_name: t.string({ resolve: (s) => `${s.brand} •••• ${s.last4}` }),
    mask: t.string({ resolve: (s) => s.last4 }),
    brand: t.string({ resolve: (s) => s.brand }),
    payment_type: t.string({ resolve: (s) => s.paymentType }),
    expiry_month: t.int({ resolve: (s) => s.expiryMonth }),
    expiry_year: t.int({ resolve: (s) => s.expiryYear }),
    updated_at: t.field({ type: 'DateTime', resolve: (s) => s.updatedAt }),
    billing_address: t.field({ type: BillingAddress, resolve: (s): PaymentSourceRow => s }),
  };
}

export const sourceFields = builder.objectRef<PaymentSourceRow>('PaymentSourceCard').implement({
  description: 'A saved card: brand, last 4 and expiry; never the number.',
  fields: (t) => cardFields(t),
});

const PaymentSource = builder.objectRef<PaymentSourceView>('PaymentSource').implement({
  description: 'Spec 02 §3: a customer payment source and the subscriptions charged to it.',
  fields: (t) => ({
    ...cardFields(t),
    subscription_ids: t.exposeIDList('subscriptionIds'),
  }),
});

builder.queryField('customerPaymentSources', (t) =>
  t.field({
    type: [PaymentSource],
    description:
      "The viewer's payment sources, newest first (updated_at descending). ST100 on failure.",
    authScopes: { customer: true },
    resolve: (_root, _args, ctx) =>
      ctx.services.billing.paymentSources(requireCustomer(ctx), ctx.actor),
  }),
);

const ReplacePayload = builder
  .objectRef<
    Payload<{
      oldPaymentSourceId: string | null;
      newPaymentSourceId: string;
      subscriptionIds: string[];
    }>
  >('ReplacePaymentSourcePayload')
  .implement({
    fields: (t) => ({
      oldPaymentSourceId: t.id({ nullable: true, resolve: (p) => p.data.oldPaymentSourceId }),
      newPaymentSourceId: t.id({ resolve: (p) => p.data.newPaymentSourceId }),
      subscriptionIds: t.idList({ resolve: (p) => p.data.subscriptionIds }),
      message: t.exposeString('message'),
      name: t.exposeString('name'),
      statusCode: t.exposeInt('statusCode'),
    }),
  });

builder.mutationField('replacePaymentSource', (t) =>
  t.field({
    type: ReplacePayload,
    description:
      'Replace payment source with a gateway token (never a card number); without an old id it adds the first card. ' +
      'ST102 when the processor refuses the card (reason = processor reason), ST101 unknown old source.',
    authScopes: { customer: true },
    args: {
      oldPaymentSourceId: t.arg.id({ required: false }),
      paymentToken: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const input = parseArgs(
        replacePaymentSourceSchema,
        {
          oldPaymentSourceId:
            args.oldPaymentSourceId == null ? null : String(args.oldPaymentSourceId),
          paymentToken: args.paymentToken,
        },
        'ST102',
      );
      const result = await ctx.services.billing.replacePaymentSource(customerId, input, ctx.actor);
      return ok('PaymentSourceReplaced', 'Your payment method was updated.', result);
    },
  }),
);

const CardSetup = builder
  .objectRef<{ provider: string; setupId: string | null; clientSecret: string | null }>('CardSetup')
  .implement({
    description:
      "What the card form needs before it saves a card: with Stripe, a SetupIntent's client " +
      "secret for the Payment Element; with the sandbox, nothing (the browser posts to the sandbox's " +
      'tokenization endpoint). The setup id is the paymentToken replacePaymentSource takes.',
    fields: (t) => ({
      provider: t.exposeString('provider'),
      setupId: t.exposeID('setupId', { nullable: true }),
      clientSecret: t.exposeString('clientSecret', { nullable: true }),
    }),
  });

builder.mutationField('startCardSetup', (t) =>
  t.field({
    type: CardSetup,
    description:
      'Starts saving a card at the processor for the viewer (issue 39); no card detail passes here. ST100 on failure.',
    authScopes: { customer: true },
    resolve: (_root, _args, ctx) =>
      ctx.services.billing.startCardSetup(requireCustomer(ctx), ctx.actor),
  }),
);
