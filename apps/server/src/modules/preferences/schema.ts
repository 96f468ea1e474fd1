import { tosConsentSchema, updateNotificationPreferenceSchema } from '@portal/domain';
import { builder } from '../../graphql/builder';
import { payloadType } from '../../graphql/payload-type';
import { parseArgs, requireCustomer } from '../../graphql/guards';
import { ok } from '../../graphql/payload';
import type { PreferenceCell } from './service';
import type { ConsentRow, NotificationPreferenceRow } from './store';
import type { PreferenceService } from './service';

declare module '../../graphql/context' {
  interface Services {
    preferences: PreferenceService;
  }
}

// Consents and notification preferences of the signed-in customer (spec 01 §4, §7).

const CustomerConsent = builder.objectRef<ConsentRow>('CustomerConsent').implement({
  fields: (t) => ({
    customer_id: t.exposeID('customerId'),
    type: t.exposeString('type'),
    status: t.exposeString('status'),
    updated: t.field({ type: 'DateTime', resolve: (c) => c.updated }),
  }),
});

const CustomerNotificationPreference = builder
  .objectRef<NotificationPreferenceRow>('CustomerNotificationPreference')
  .implement({
    fields: (t) => ({
      customer_id: t.exposeID('customerId'),
      type: t.exposeString('type'),
      channel: t.exposeString('channel'),
      status: t.exposeString('status'),
    }),
  });

const ConsentAndPreferences = builder
  .objectRef<{ consents: ConsentRow[]; preferences: NotificationPreferenceRow[] }>(
    'CustomerConsentAndPreferences',
  )
  .implement({
    fields: (t) => ({
      consents: t.field({ type: [CustomerConsent], resolve: (r) => r.consents }),
      notification_preferences: t.field({
        type: [CustomerNotificationPreference],
        resolve: (r) => r.preferences,
      }),
    }),
  });

const AffectedRows = builder.objectRef<{ affectedRows: number }>('AffectedRows').implement({
  fields: (t) => ({ affected_rows: t.exposeInt('affectedRows') }),
});

const AffectedRowsPayload = payloadType('AffectedRowsPayload', AffectedRows);

builder.mutationField('upsertTosConsentAndMarketingPreference', (t) =>
  t.field({
    type: AffectedRowsPayload,
    description:
      'Upserts the TOS consent and the marketing email preference of the viewer (customerId must be the viewer); failures are A103.',
    authScopes: { customer: true },
    args: {
      customerId: t.arg.id({ required: true }),
      tosStatus: t.arg.string({ required: true }),
      marketingContentStatus: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx, args.customerId);
      const input = parseArgs(tosConsentSchema, args, 'A103');
      const affectedRows = await ctx.services.preferences.saveTosAndMarketing(
        customerId,
        input,
        ctx.actor,
      );
      return ok('ConsentSaved', 'Consent saved.', { affectedRows });
    },
  }),
);

builder.queryField('customerConsentAndPreferences', (t) =>
  t.field({
    type: ConsentAndPreferences,
    description:
      "Customer consent and notification preferences: the viewer's (customerId, if sent, must be the viewer).",
    authScopes: { customer: true },
    args: { customerId: t.arg.id({ required: false }) },
    resolve: (_root, args, ctx) =>
      ctx.services.preferences.consentsAndPreferences(
        requireCustomer(ctx, args.customerId),
        ctx.actor,
      ),
  }),
);

const NotificationPreferenceCell = builder
  .objectRef<PreferenceCell>('NotificationPreferenceCell')
  .implement({
    description: 'One cell of the preferences grid: a category on a channel.',
    fields: (t) => ({
      category: t.exposeString('category'),
      channel: t.exposeString('channel'),
      enabled: t.exposeBoolean('enabled'),
      locked: t.exposeBoolean('locked', {
        description: 'Transactional messages cannot be switched off.',
      }),
    }),
  });

builder.queryField('notificationPreferences', (t) =>
  t.field({
    type: [NotificationPreferenceCell],
    description: "The viewer's notification preferences, every category on every channel.",
    authScopes: { customer: true },
    resolve: (_root, _args, ctx) => ctx.services.preferences.grid(requireCustomer(ctx), ctx.actor),
  }),
);

builder.mutationField('updateNotificationPreference', (t) =>
  t.field({
    type: NotificationPreferenceCell,
    description:
      'Switches one category on one channel for the viewer; Transactional is refused (C101).',
    authScopes: { customer: true },
    args: {
      category: t.arg.string({ required: true }),
      channel: t.arg.string({ required: true }),
      enabled: t.arg.boolean({ required: true }),
    },
    resolve: (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const input = parseArgs(updateNotificationPreferenceSchema, args, 'C101');
      return ctx.services.preferences.set(customerId, input, ctx.actor);
    },
  }),
);
