import { updateBillingAddressSchema } from '@portal/domain';
import { addressArgs } from '../../graphql/address-args';
import { builder } from '../../graphql/builder';
import { payloadType } from '../../graphql/payload-type';
import { parseArgs, requireCustomer } from '../../graphql/guards';
import { ok } from '../../graphql/payload';
import { sourceFields } from './schema-cards';

// Spec 02 §2 "shipping and billing address" among the account settings: the billing address
// of a saved card, checked with the same zod schema as the web form.

const BillingAddressPayload = payloadType('UpdateBillingAddressPayload', sourceFields);

builder.mutationField('updateBillingAddress', (t) =>
  t.field({
    type: BillingAddressPayload,
    description:
      "Update billing address of the viewer's own active payment source: valid ZIP, supported state, " +
      'names required, no PO Box (C101 with field errors); ST101 for a source that is not theirs.',
    authScopes: { customer: true },
    args: {
      paymentSourceId: t.arg.id({ required: true }),
      ...addressArgs,
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const input = parseArgs(
        updateBillingAddressSchema,
        { ...args, paymentSourceId: String(args.paymentSourceId) },
        'C101',
      );
      const row = await ctx.services.billing.updateBillingAddress(customerId, input, ctx.actor);
      return ok('BillingAddressUpdated', 'Billing address updated.', row);
    },
  }),
);
