import { REFERRAL_STATUSES, createReferralSchema, type ReferralStatus } from '@portal/domain';
import { builder } from '../../graphql/builder';
import { payloadType } from '../../graphql/payload-type';
import { AppError, codedError } from '../../platform/errors';
import { parseArgs, requireCustomer } from '../../graphql/guards';
import { ok } from '../../graphql/payload';
import type { ReferralRow } from './service';
import type { ReferralService } from './service';

declare module '../../graphql/context' {
  interface Services {
    referrals: ReferralService;
  }
}

// Spec 02 §7: GetReferrals and CreateReferral; R101 when loading fails, R102 when sending does.

const ReferralStatusEnum = builder.enumType('ReferralStatus', {
  description: 'Spec 02 section 3: where a referral is in its life.',
  values: REFERRAL_STATUSES,
});

const Referral = builder.objectRef<ReferralRow>('Referral').implement({
  description: 'Spec 02 section 3: a friend the customer invited.',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.field({ type: ReferralStatusEnum, resolve: (r) => r.status as ReferralStatus }),
    referrer_discount_remaining: t.exposeInt('referrerDiscountRemaining', {
      nullable: true,
      description: 'Cents of the referrer credit not yet used; null until received.',
    }),
    referrer_customer_id: t.exposeID('referrerCustomerId'),
    refereeEmail: t.exposeString('refereeEmail'),
    created_at: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
  }),
});

const ReferralPayload = payloadType('ReferralPayload', Referral);

/** Coded errors pass through; anything unexpected becomes the operation's code. */
function asCoded(error: unknown, code: string, message: string): AppError {
  if (error instanceof AppError) return error;
  return codedError(code, message);
}

builder.queryField('referrals', (t) =>
  t.field({
    type: [Referral],
    description:
      "GetReferrals: the signed-in customer's referrals, newest first (referrerCustomerId, if " +
      'sent, must be the viewer); a failure is R101.',
    authScopes: { customer: true },
    args: { referrerCustomerId: t.arg.id({ required: false }) },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx, args.referrerCustomerId);
      try {
        return await ctx.services.referrals.list(customerId, ctx.actor);
      } catch (error) {
        throw asCoded(error, 'R101', 'Cannot load referrals.');
      }
    },
  }),
);

builder.mutationField('createReferral', (t) =>
  t.field({
    type: ReferralPayload,
    description:
      'CreateReferral: invites one email (one call per email) and mails it a sign-up link. ' +
      'R102 when the customer is not eligible, the email is invalid, their own or invited ' +
      'already (extensions.reason says which), or the mail fails.',
    authScopes: { customer: true },
    args: { refereeEmail: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const input = parseArgs(createReferralSchema, args, 'R102');
      try {
        const row = await ctx.services.referrals.create(customerId, input.refereeEmail, ctx.actor);
        return ok('ReferralCreated', 'Invitation sent.', row);
      } catch (error) {
        throw asCoded(error, 'R102', 'Sending referrals failed.');
      }
    },
  }),
);
