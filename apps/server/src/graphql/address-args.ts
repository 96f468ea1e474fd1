import { builder } from './builder';

/**
 * The address fields the shipping and billing address mutations take (spec 02 §7), checked by
 * the domain's address schemas (`packages/domain/src/account/address.ts`).
 */
export const addressArgs = builder.args((t) => ({
  firstName: t.string({ required: true }),
  lastName: t.string({ required: true }),
  streetAddress1: t.string({ required: true }),
  streetAddress2: t.string({ required: false }),
  city: t.string({ required: true }),
  stateCode: t.string({ required: true }),
  zipCode: t.string({ required: true }),
}));
