import { updateGenderSchema, updatePhoneSchema, updateShippingAddressSchema } from '@portal/domain';
import { addressArgs } from '../../graphql/address-args';
import { builder } from '../../graphql/builder';
import { payloadType } from '../../graphql/payload-type';
import { parseArgs, requireCustomer } from '../../graphql/guards';
import { ok } from '../../graphql/payload';
import { Address, addressView } from './address-schema';
import type { CustomerRow } from './store';
import type { AccountService } from './account-service';

declare module '../../graphql/context' {
  interface Services {
    account: AccountService;
  }
}

// Spec 02 §7: update phone, update gender (pronouns), update shipping address.

const AccountContact = builder.objectRef<CustomerRow>('AccountContact').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    phone: t.exposeString('phone', { nullable: true }),
    gender: t.exposeString('gender', { nullable: true }),
    email: t.exposeString('email'),
  }),
});

const AccountContactPayload = payloadType('AccountContactPayload', AccountContact);

const AddressPayload = payloadType('AddressPayload', Address);

builder.mutationField('updatePhone', (t) =>
  t.field({
    type: AccountContactPayload,
    description: "Update phone: 10 digits after stripping (C104); customerId must be the viewer's.",
    authScopes: { customer: true },
    args: { customerId: t.arg.id({ required: true }), phone: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      requireCustomer(ctx, args.customerId);
      const input = parseArgs(updatePhoneSchema, args, 'C104');
      const row = await ctx.services.account.updatePhone(input, ctx.actor);
      return ok('PhoneUpdated', 'Phone number updated.', row);
    },
  }),
);

builder.mutationField('updateGender', (t) =>
  t.field({
    type: AccountContactPayload,
    description:
      'Update gender (preferred pronouns: she_her, he_him, they_them, other; null is not selected). C109.',
    authScopes: { customer: true },
    args: { customerId: t.arg.id({ required: true }), gender: t.arg.string({ required: false }) },
    resolve: async (_root, args, ctx) => {
      requireCustomer(ctx, args.customerId);
      const input = parseArgs(updateGenderSchema, { ...args, gender: args.gender ?? null }, 'C109');
      const row = await ctx.services.account.updateGender(input, ctx.actor);
      return ok('PronounsUpdated', 'Preferred pronouns updated.', row);
    },
  }),
);

builder.mutationField('updateShippingAddress', (t) =>
  t.field({
    type: AddressPayload,
    description:
      'Update shipping address: no PO Box, valid ZIP, supported state, names required (C101 with field errors); locked by SA100–SA103.',
    authScopes: { customer: true },
    args: {
      addressId: t.arg.id({ required: true }),
      ...addressArgs,
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const input = parseArgs(updateShippingAddressSchema, args, 'C101');
      const row = await ctx.services.account.updateShippingAddress(customerId, input, ctx.actor);
      return ok('ShippingAddressUpdated', 'Shipping address updated.', addressView(row));
    },
  }),
);
