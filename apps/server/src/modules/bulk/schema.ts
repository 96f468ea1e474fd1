import {
  BULK_TREATMENT_SHORT_IDS,
  bulkOrderSchema,
  createBulkSubscriptionSchema,
  purchaseBulkSchema,
} from '@portal/domain';
import { builder } from '../../graphql/builder';
import { payloadType } from '../../graphql/payload-type';
import { parseArgs, requireCustomer } from '../../graphql/guards';
import { ok, type Payload } from '../../graphql/payload';
import type { PurchaseResult } from './payment';
import type { BulkEligibilityView, BulkOrderRow } from './service';
import type { BulkService } from './service';

declare module '../../graphql/context' {
  interface Services {
    bulk: BulkService;
  }
}

// Bulk semaglutide (spec 02 §4, §7; issue 12). Thin resolvers: the viewer, the domain's zod
// schema, the service. Nothing the browser sends sets a price: the purchase takes only the
// action id.

const BulkEligibility = builder.objectRef<BulkEligibilityView>('BulkEligibility').implement({
  description: 'IsBulkEligible (spec 02 §3).',
  fields: (t) => ({
    isBulkEligible: t.exposeBoolean('isBulkEligible'),
    needsSyncEncounter: t.exposeBoolean('needsSyncEncounter'),
    bulkOrderedTooRecently: t.exposeBoolean('bulkOrderedTooRecently'),
    hasRecentBulkAppointment: t.exposeBoolean('hasRecentBulkAppointment'),
    bulkAvailable: t.exposeBoolean('bulkAvailable', {
      description: 'The bulk flag; false: bulk semaglutide ordering is no longer available.',
    }),
  }),
});

const BulkAsyncVisit = builder
  .objectRef<{ providerId: string; treatmentId: string }>('BulkAsyncVisit')
  .implement({
    description: 'Who an async bulk order asks to review it: CreateAsyncAppointment takes these.',
    fields: (t) => ({
      providerId: t.exposeID('providerId'),
      treatmentId: t.exposeID('treatmentId'),
    }),
  });

const BulkOrder = builder.objectRef<BulkOrderRow>('BulkOrder').implement({
  description: 'A submitted vial order: awaiting_approval, then approved (an action to pay).',
  fields: (t) => ({
    id: t.exposeID('id'),
    vialCount: t.exposeInt('vialCount'),
    treatmentShortId: t.exposeString('treatmentShortId'),
    encounter: t.exposeString('encounter', { description: 'async or sync' }),
    status: t.exposeString('status'),
    actionId: t.exposeID('actionId', { nullable: true }),
    asyncVisit: t.field({
      type: BulkAsyncVisit,
      nullable: true,
      description:
        "An async order's visit: the provider and treatment of the customer's latest past " +
        'encounter (spec 02 §4); null for a sync order or without one.',
      resolve: (o, _args, ctx) =>
        o.encounter === 'async'
          ? ctx.services.bulk.asyncVisitTarget(o.customerId, ctx.actor)
          : null,
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (o) => o.createdAt }),
  }),
});

builder.queryField('isBulkEligible', (t) =>
  t.field({
    type: BulkEligibility,
    description: "IsBulkEligible {customerId, treatmentShortId}: from the viewer's records.",
    authScopes: { customer: true },
    args: {
      customerId: t.arg.id({ required: false }),
      treatmentShortId: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      ctx.services.bulk.eligibility(requireCustomer(ctx, args.customerId), ctx.actor),
  }),
);

builder.queryField('bulkOrders', (t) =>
  t.field({
    type: [BulkOrder],
    description: "The viewer's bulk orders, newest first.",
    authScopes: { customer: true },
    resolve: (_root, _args, ctx) => ctx.services.bulk.orders(requireCustomer(ctx), ctx.actor),
  }),
);

const BulkOrderPayload = payloadType('BulkOrderPayload', BulkOrder);

builder.mutationField('submitBulkOrder', (t) =>
  t.field({
    type: BulkOrderPayload,
    description:
      'The bulk vial order (2 to 6). BS101 ordered too recently (5 minutes) or in process; ' +
      'BS102 a recent bulk visit; BULK_UNAVAILABLE with the flag off. encounter says whether ' +
      'an async review follows or a live visit must be booked (with vialCount).',
    authScopes: { customer: true },
    args: {
      vialCount: t.arg.int({ required: false }),
      treatmentShortId: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const input = parseArgs(bulkOrderSchema, {
        vialCount: args.vialCount ?? undefined,
        treatmentShortId: args.treatmentShortId ?? undefined,
      });
      const row = await ctx.services.bulk.submitOrder(customerId, input, ctx.actor);
      return ok('BulkOrderSubmitted', 'Your bulk order was sent to your provider.', row);
    },
  }),
);

const BulkSubscriptionPayload = builder
  .objectRef<Payload<{ newSubscriptionId: string }>>('CreateBulkSubscriptionPayload')
  .implement({
    fields: (t) => ({
      newSubscriptionId: t.id({ resolve: (p) => p.data.newSubscriptionId }),
      message: t.exposeString('message'),
      name: t.exposeString('name'),
      statusCode: t.exposeInt('statusCode'),
    }),
  });

builder.mutationField('createBulkSubscription', (t) =>
  t.field({
    type: BulkSubscriptionPayload,
    description: `CreateBulkSubscription {customerId, treatmentShortId}: one of ${BULK_TREATMENT_SHORT_IDS.join(', ')}.`,
    authScopes: { customer: true },
    args: {
      customerId: t.arg.id({ required: false }),
      treatmentShortId: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const input = parseArgs(createBulkSubscriptionSchema, {
        customerId: args.customerId == null ? undefined : String(args.customerId),
        treatmentShortId: args.treatmentShortId,
      });
      const customerId = requireCustomer(ctx, input.customerId);
      const id = await ctx.services.bulk.createSubscription(
        customerId,
        input.treatmentShortId,
        ctx.actor,
      );
      return ok('BulkSubscriptionCreated', 'Bulk subscription created.', { newSubscriptionId: id });
    },
  }),
);

const PaymentNextAction = builder
  .objectRef<NonNullable<PurchaseResult['nextAction']>>('PaymentNextAction')
  .implement({
    description:
      'The card asks for 3-D Secure: the browser finishes it (Stripe.js handleNextAction with ' +
      "the client secret, or the sandbox's challenge page at redirectUrl), then asks again.",
    fields: (t) => ({
      clientSecret: t.exposeString('clientSecret'),
      redirectUrl: t.exposeString('redirectUrl', { nullable: true }),
    }),
  });

const PurchaseBulkResult = builder.objectRef<PurchaseResult>('PurchaseBulkResult').implement({
  fields: (t) => ({
    nextAction: t.field({
      type: PaymentNextAction,
      nullable: true,
      description: 'Set when the card asks for 3-D Secure (purchaseSucceeded is false until then).',
      resolve: (r) => r.nextAction ?? null,
    }),
    purchaseSucceeded: t.exposeBoolean('purchaseSucceeded'),
    actionCompleted: t.exposeBoolean('actionCompleted'),
    reason: t.exposeString('reason', {
      nullable: true,
      description: "The processor's reason when the card was declined.",
    }),
  }),
});

const PurchaseBulkPayload = payloadType('PurchaseBulkPayload', PurchaseBulkResult);

builder.mutationField('purchaseBulkWithChargebee', (t) =>
  t.field({
    type: PurchaseBulkPayload,
    description:
      'PurchaseBulkWithChargebee {customerActionId}: charges the sale-table price of the ' +
      "action's vial count to the viewer's card, once per action, and completes the action in " +
      'the same unit of work. purchaseSucceeded true with actionCompleted false is the ' +
      'actionFailure case. ST102 (nothing charged): not their action, vial count outside 2–6, ' +
      'already complete, no card, or still processing (reason pending).',
    authScopes: { customer: true },
    args: { customerActionId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const input = parseArgs(
        purchaseBulkSchema,
        { customerActionId: String(args.customerActionId) },
        'ST102',
      );
      const result = await ctx.services.bulk.purchase(
        customerId,
        input.customerActionId,
        ctx.actor,
      );
      return ok('BulkPurchase', 'Bulk purchase processed.', result);
    },
  }),
);

builder.mutationField('bulkPayLaterLink', (t) =>
  t.field({
    type: 'String',
    description:
      "The buy-now-pay-later link for a pending bulk action: the gateway's hosted checkout " +
      'for the server’s amount, with the action id as client reference. ST102 as the purchase.',
    authScopes: { customer: true },
    args: { customerActionId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const input = parseArgs(
        purchaseBulkSchema,
        { customerActionId: String(args.customerActionId) },
        'ST102',
      );
      return ctx.services.bulk.payLaterLink(customerId, input.customerActionId, ctx.actor);
    },
  }),
);
