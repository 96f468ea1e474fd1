import { NOTIFICATION_STATUSES, NOTIFICATION_STATUS_UPDATES } from '@portal/domain';
import { builder } from '../../graphql/builder';
import { codedError } from '../../platform/errors';
import { requireCustomer, uuidArg } from '../../graphql/guards';
import type { FeedEvent } from '../../platform/events';
import { topics } from '../../platform/pubsub';
import type { ContractExpirationNotice } from './service';
import type { NotificationRow } from './store';
import type { NotificationService } from './service';

declare module '../../graphql/context' {
  interface Services {
    notifications: NotificationService;
  }
}

const NotificationStatusEnum = builder.enumType('CustomerNotificationStatus', {
  description: 'Spec 01 section 3: customer notification statuses.',
  values: NOTIFICATION_STATUSES,
});

const NotificationStatusUpdateEnum = builder.enumType('CustomerNotificationStatusUpdate', {
  description: 'What the customer may set: read, or completed (stored as action_completed).',
  values: NOTIFICATION_STATUS_UPDATES,
});

interface ActionShape {
  label: string;
  url: string;
}

/** The stored action, when it has the shape the staff API writes; otherwise none. */
function actionOf(row: NotificationRow): ActionShape | null {
  const action = row.action;
  if (!action || typeof action.label !== 'string' || typeof action.url !== 'string') return null;
  return { label: action.label, url: action.url };
}

const NotificationAction = builder.objectRef<ActionShape>('NotificationAction').implement({
  description: "A notification's call to action: a label and where it leads (a path or URL).",
  fields: (t) => ({ label: t.exposeString('label'), url: t.exposeString('url') }),
});

export const CustomerNotification = builder
  .objectRef<NotificationRow>('CustomerNotification')
  .implement({
    description:
      'Spec 01 section 3: a customer notification, shown between show_after and expire_at.',
    fields: (t) => ({
      id: t.exposeID('id'),
      type: t.exposeString('type'),
      title: t.exposeString('title'),
      message: t.exposeString('message', { nullable: true }),
      description: t.exposeString('description', { nullable: true }),
      severity: t.exposeString('severity'),
      status: t.field({
        type: NotificationStatusEnum,
        resolve: (n) => n.status as (typeof NOTIFICATION_STATUSES)[number],
      }),
      date: t.field({ type: 'DateTime', resolve: (n) => n.date }),
      show_after: t.field({ type: 'DateTime', nullable: true, resolve: (n) => n.showAfter }),
      expire_at: t.field({ type: 'DateTime', nullable: true, resolve: (n) => n.expireAt }),
      shortId: t.exposeString('shortId', { nullable: true }),
      action: t.field({ type: NotificationAction, nullable: true, resolve: actionOf }),
    }),
  });

const ContractExpirationNotification = builder
  .objectRef<ContractExpirationNotice>('ContractExpirationNotification')
  .implement({
    description:
      'A contract-expiry notice with the earliest-expiring of the subscriptions it names.',
    fields: (t) => ({
      notification: t.field({ type: CustomerNotification, resolve: (c) => c.notification }),
      subscription_id: t.exposeID('subscriptionId', { nullable: true }),
      contract_end_date: t.field({
        type: 'Date',
        nullable: true,
        resolve: (c) => c.contractEndDate,
      }),
    }),
  });

builder.queryField('customerNotifications', (t) =>
  t.field({
    type: [CustomerNotification],
    description:
      "GetCustomerNotifications: the signed-in customer's notifications shown now (not deleted, " +
      'past show_after, before expire_at), newest first.',
    authScopes: { customer: true },
    resolve: (_root, _args, ctx) =>
      ctx.services.notifications.list(requireCustomer(ctx), ctx.actor),
  }),
);

builder.queryField('labResultNotifications', (t) =>
  t.field({
    type: [CustomerNotification],
    description: 'GetLabResultNotifications: shown lab_result_received_v1 notifications.',
    authScopes: { customer: true },
    resolve: (_root, _args, ctx) =>
      ctx.services.notifications.labResults(requireCustomer(ctx), ctx.actor),
  }),
);

builder.queryField('contractExpirationBannerNotifications', (t) =>
  t.field({
    type: [ContractExpirationNotification],
    description:
      'GetContractExpirationBannerNotifications: shown action_required_contract_expire_v1 ' +
      'notices, each with the earliest-expiring subscription it names and its contract end.',
    authScopes: { customer: true },
    resolve: (_root, _args, ctx) =>
      ctx.services.notifications.contractExpirations(requireCustomer(ctx), ctx.actor),
  }),
);

interface StatusResult {
  data: NotificationRow;
  message: string;
  name: string;
  statusCode: number;
}

const UpdateNotificationStatusResult = builder
  .objectRef<StatusResult>('UpdateCustomerNotificationStatusResult')
  .implement({
    description: 'Spec 01 section 7: a mutation answer carries data, message, name, statusCode.',
    fields: (t) => ({
      data: t.field({ type: CustomerNotification, resolve: (r) => r.data }),
      message: t.exposeString('message'),
      name: t.exposeString('name'),
      statusCode: t.exposeInt('statusCode'),
    }),
  });

builder.mutationType({});
builder.mutationField('updateCustomerNotificationStatus', (t) =>
  t.field({
    type: UpdateNotificationStatusResult,
    description:
      'UpdateCustomerNotificationStatus: read or completed, on own notifications only; an id ' +
      'of another customer answers NOT_FOUND and changes nothing.',
    authScopes: { customer: true },
    args: {
      id: t.arg.id({ required: true }),
      newStatus: t.arg({ type: NotificationStatusUpdateEnum, required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const id = uuidArg(args.id, 'id');
      const row = await ctx.services.notifications.updateStatus(
        customerId,
        id,
        args.newStatus,
        ctx.actor,
      );
      if (!row) throw codedError('NOT_FOUND', 'Notification not found.');
      return {
        data: row,
        message: 'Notification status updated.',
        name: 'UpdateCustomerNotificationStatus',
        statusCode: 200,
      };
    },
  }),
);

const NotificationChange = builder
  .objectRef<FeedEvent & { notification: NotificationRow | null }>('NotificationChange')
  .implement({
    fields: (t) => ({
      change: t.exposeString('change', { description: 'created or updated' }),
      id: t.exposeID('id'),
      notification: t.field({
        type: CustomerNotification,
        nullable: true,
        description: 'The notification as it is now; null when it is not shown now.',
        resolve: (c) => c.notification,
      }),
    }),
  });

builder.subscriptionField('notificationsChanged', (t) =>
  t.field({
    type: NotificationChange,
    description:
      "Fires when one of the signed-in customer's notifications is created or changed; only " +
      "ever that customer's.",
    authScopes: { customer: true },
    subscribe: (_root, _args, ctx) => {
      const customerId = requireCustomer(ctx);
      if (!ctx.pubsub) throw codedError('C108', 'No customer record to follow.');
      return ctx.pubsub.subscribe(topics.notifications(customerId));
    },
    resolve: async (payload, _args, ctx) => {
      const event = payload as FeedEvent;
      const customerId = requireCustomer(ctx);
      // The topic is the viewer's own; the re-read by (customer, id) guards against a
      // mis-published event.
      const notification =
        event.customerId === customerId
          ? ((await ctx.services.notifications.findVisible(customerId, event.id, ctx.actor)) ??
            null)
          : null;
      return { ...event, notification };
    },
  }),
);
