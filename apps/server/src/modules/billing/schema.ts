import {
  cancelSubscriptionSchema,
  changeSubscriptionSchema,
  priceChangeQuoteSchema,
} from '@portal/domain';
import { builder } from '../../graphql/builder';
import { parseArgs, requireCustomer, uuidArg } from '../../graphql/guards';
import { ok, type Payload } from '../../graphql/payload';
import type { ContractRow } from '../customers/service';
import type { QuoteView } from './plan-changes';
import type { SubscriptionView } from './plans';
import { sourceFields } from './schema-cards';
import type { BillingService } from './service';
import type { ItemPriceRow } from './store';

declare module '../../graphql/context' {
  interface Services {
    billing: BillingService;
  }
}

// Spec 02 §3, §7: the billing calls. Money in integer cents. Resolvers stay thin: scope,
// input through the domain's zod schema, the service, the result. Here the plan, its quote,
// change and cancellation, and the price lists; saved cards are schema-cards.ts's, invoices the
// payments module's (modules/payments/schema.ts).

const BillingContract = builder.objectRef<ContractRow>('BillingContract').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.exposeString('status'),
    discount_amount: t.exposeInt('discountAmount'),
    auto_renew: t.exposeBoolean('autoRenew'),
    coupon: t.exposeString('coupon', { nullable: true }),
    start_date: t.field({ type: 'Date', resolve: (c) => c.startDate }),
    end_date: t.field({ type: 'Date', resolve: (c) => c.endDate }),
    length: t.exposeInt('length'),
    price: t.exposeInt('price'),
  }),
});

const BillingSubscription = builder.objectRef<SubscriptionView>('BillingSubscription').implement({
  description:
    'GetCustomerSubscription: the plan as billed. price is per billing period, in cents.',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.exposeString('status'),
    treatment_id: t.exposeID('treatmentId', { nullable: true }),
    plan_type: t.exposeString('planType', {
      nullable: true,
      description:
        "The newSubscriptionPlanType of this plan (its treatment's short id); the item price names the billing product, which may differ (trt).",
    }),
    item_price_id: t.exposeString('planItemPriceId', { nullable: true }),
    addons: t.exposeStringList('addons'),
    price: t.exposeInt('price'),
    isUpfrontPayment: t.exposeBoolean('isUpfrontPayment'),
    term: t.exposeInt('term', { description: 'Contract length in months.' }),
    renewal_date: t.field({ type: 'Date', nullable: true, resolve: (s) => s.renewalDate }),
    contract: t.field({ type: BillingContract, nullable: true, resolve: (s) => s.contract }),
    payment_source: t.field({
      type: sourceFields,
      nullable: true,
      resolve: (s) => s.paymentSource,
    }),
  }),
});

const AddonDetail = builder
  .objectRef<{ sku: string; amount: number }>('QuoteAddonDetail')
  .implement({
    fields: (t) => ({ sku: t.exposeString('sku'), amount: t.exposeInt('amount') }),
  });
const CouponDetail = builder
  .objectRef<{ id: string; amount: number }>('QuoteCouponDetail')
  .implement({
    fields: (t) => ({ id: t.exposeString('id'), amount: t.exposeInt('amount') }),
  });

const Quote = builder.objectRef<QuoteView>('SubscriptionPriceChangeQuote').implement({
  description:
    'Spec 02 §3: what a change costs, in cents. Submit id and signature with the change before expiresAt.',
  fields: (t) => ({
    id: t.exposeID('id'),
    signature: t.exposeString('signature'),
    expiresAt: t.field({ type: 'DateTime', resolve: (q) => q.expiresAt }),
    newPrice: t.exposeInt('newPrice'),
    oldPrice: t.exposeInt('oldPrice'),
    newBasePrice: t.exposeInt('newBasePrice'),
    proratedRefund: t.exposeInt('proratedRefund'),
    proratedCost: t.exposeInt('proratedCost'),
    amountDue: t.exposeInt('amountDue'),
    creditCarried: t.exposeInt('creditCarried'),
    referralCreditApplied: t.exposeInt('referralCreditApplied', {
      description: 'Referral credit the charge uses (at most half of it); amountDue is after it.',
    }),
    accountCreditApplied: t.exposeInt('accountCreditApplied', {
      description: 'Account credit (carried from a downgrade) the charge uses.',
    }),
    addonDetails: t.field({ type: [AddonDetail], resolve: (q) => q.addonDetails }),
    couponDetails: t.field({ type: [CouponDetail], resolve: (q) => q.couponDetails }),
    newTermStart: t.field({ type: 'Date', resolve: (q) => q.newTerm.start }),
    newTermEnd: t.field({ type: 'Date', resolve: (q) => q.newTerm.end }),
    nextRenewal: t.field({ type: 'Date', resolve: (q) => q.newTerm.nextRenewal }),
    subscriptionStatus: t.exposeString('subscriptionStatus'),
    paymentSource: t.field({ type: sourceFields, nullable: true, resolve: (q) => q.paymentSource }),
  }),
});

const PricingMapEntry = builder.objectRef<ItemPriceRow>('TreatmentPricingMapEntry').implement({
  fields: (t) => ({
    plan_duration: t.exposeInt('contractLength'),
    plan_price: t.exposeInt('price'),
    item_price_id: t.exposeString('id'),
    is_upfront_payment: t.exposeBoolean('isUpfront'),
  }),
});

const LitePricing = builder
  .objectRef<ItemPriceRow & { treatmentId: string | null }>('LiteProgramPricing')
  .implement({
    fields: (t) => ({
      plan_duration: t.exposeInt('contractLength'),
      plan_price: t.exposeInt('price'),
      treatment_id: t.exposeID('treatmentId', { nullable: true }),
      treatment_short_id: t.exposeString('treatmentShortId', {
        nullable: true,
        description: "The lite plan's treatment, as plan types name it (weightmanagement).",
      }),
    }),
  });

builder.queryField('customerSubscription', (t) =>
  t.field({
    type: BillingSubscription,
    nullable: true,
    description: "GetCustomerSubscription; null for an id that is not the viewer's.",
    authScopes: { customer: true },
    args: { subscriptionId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      ctx.services.billing.subscription(
        requireCustomer(ctx),
        uuidArg(args.subscriptionId, 'subscriptionId'),
        ctx.actor,
      ),
  }),
);

/** GraphQL's optional arguments as the domain schema takes them. */
function quoteInput(args: {
  existingSubscriptionId: string | number;
  newSubscriptionPlanType: string;
  newAddons?: string[] | null;
  encounterId?: string | number | null;
  newContractLength: number;
  isUpfrontPayment?: boolean | null;
}) {
  return {
    existingSubscriptionId: String(args.existingSubscriptionId),
    newSubscriptionPlanType: args.newSubscriptionPlanType,
    newAddons: args.newAddons ?? [],
    encounterId: args.encounterId == null ? null : String(args.encounterId),
    newContractLength: args.newContractLength,
    isUpfrontPayment: args.isUpfrontPayment ?? false,
  };
}

builder.queryField('subscriptionPriceChangeQuote', (t) =>
  t.field({
    type: Quote,
    description:
      'Subscription and addon price change quote. TC101 unknown subscription or treatment, TC102 plan not offered, TC107 cancelled plan.',
    authScopes: { customer: true },
    args: {
      existingSubscriptionId: t.arg.id({ required: true }),
      newSubscriptionPlanType: t.arg.string({ required: true }),
      newAddons: t.arg.stringList({ required: false }),
      encounterId: t.arg.id({ required: false }),
      newContractLength: t.arg.int({ required: true }),
      isUpfrontPayment: t.arg.boolean({ required: false }),
    },
    resolve: (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const input = parseArgs(priceChangeQuoteSchema, quoteInput(args), 'TC101');
      return ctx.services.billing.quote(customerId, input, ctx.actor);
    },
  }),
);

builder.queryField('treatmentPricingMap', (t) =>
  t.field({
    type: [PricingMapEntry],
    description: 'GetTreatmentPricingMap: every plan of the treatment an item price belongs to.',
    authScopes: { customer: true },
    args: { itemPriceId: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.billing.treatmentPricingMap(args.itemPriceId),
  }),
);

builder.queryField('liteProgramPricing', (t) =>
  t.field({
    type: [LitePricing],
    description: 'GetLiteProgramPricing.',
    authScopes: { customer: true },
    resolve: (_root, _args, ctx) => ctx.services.billing.liteProgramPricing(),
  }),
);

const ChangePayload = builder
  .objectRef<Payload<{ newName: string; newContractId: string }>>('ChangeSubscriptionPayload')
  .implement({
    fields: (t) => ({
      newName: t.string({ resolve: (p) => p.data.newName }),
      newContractId: t.id({ resolve: (p) => p.data.newContractId }),
      message: t.exposeString('message'),
      name: t.exposeString('name'),
      statusCode: t.exposeInt('statusCode'),
    }),
  });

builder.mutationField('changeCustomerSubscription', (t) =>
  t.field({
    type: ChangePayload,
    description:
      'Change customer subscription: the quote inputs plus the quote shown (id, signature). ' +
      'TC104 when the quote is invalid, expired or its amount moved (nothing charged); TC106 no ' +
      'payment method; TC107 cancelled plan; TC108 payment failed (reason = processor reason; the plan is unchanged).',
    authScopes: { customer: true },
    args: {
      existingSubscriptionId: t.arg.id({ required: true }),
      newSubscriptionPlanType: t.arg.string({ required: true }),
      newAddons: t.arg.stringList({ required: false }),
      encounterId: t.arg.id({ required: false }),
      newContractLength: t.arg.int({ required: true }),
      isUpfrontPayment: t.arg.boolean({ required: false }),
      quoteId: t.arg.id({ required: true }),
      quoteSignature: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const input = parseArgs(
        changeSubscriptionSchema,
        { ...quoteInput(args), quoteId: String(args.quoteId), quoteSignature: args.quoteSignature },
        'TC104',
      );
      const result = await ctx.services.billing.change(customerId, input, ctx.actor);
      return ok('SubscriptionChanged', 'Your plan was changed.', result);
    },
  }),
);

const CancelPayload = builder
  .objectRef<Payload<{ subscriptionId: string; status: string; effectiveDate: string }>>(
    'CancelSubscriptionPayload',
  )
  .implement({
    fields: (t) => ({
      subscriptionId: t.id({ resolve: (p) => p.data.subscriptionId }),
      status: t.string({ resolve: (p) => p.data.status }),
      effectiveDate: t.field({ type: 'Date', resolve: (p) => p.data.effectiveDate }),
      message: t.exposeString('message'),
      name: t.exposeString('name'),
      statusCode: t.exposeInt('statusCode'),
    }),
  });

builder.mutationField('cancelSubscription', (t) =>
  t.field({
    type: CancelPayload,
    description:
      'Cancels with a reason from the list (and a bounded text for other); the plan runs to its contract end. C110 on failure.',
    authScopes: { customer: true },
    args: {
      subscriptionId: t.arg.id({ required: true }),
      reason: t.arg.string({ required: true }),
      otherText: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const input = parseArgs(
        cancelSubscriptionSchema,
        {
          subscriptionId: String(args.subscriptionId),
          reason: args.reason,
          otherText: args.otherText ?? undefined,
        },
        'C110',
      );
      const result = await ctx.services.billing.cancel(customerId, input, ctx.actor);
      return ok('SubscriptionCancelled', 'Your plan will end at the end of its term.', result);
    },
  }),
);
