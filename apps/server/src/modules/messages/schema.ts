import { builder } from '../../graphql/builder';
import { codedError } from '../../platform/errors';
import { requireCustomer, uuidArg } from '../../graphql/guards';
import type { FeedEvent } from '../../platform/events';
import { topics } from '../../platform/pubsub';
import { splitSections, type MessageSection as Section } from './sections';
import type { MessageWithProvider, ProviderRow, TemplateRow } from './store';
import type { MessageService } from './service';

declare module '../../graphql/context' {
  interface Services {
    messages: MessageService;
  }
}

/** getProvidersByUserIds takes at most this many ids. */
const MAX_USER_IDS = 100;

const MessageSection = builder.objectRef<Section>('MessageSection').implement({
  description:
    'A part of a provider message: the first is the body, later ones are accordions. The ' +
    'HTML was sanitized when the care team sent it (no scripts, handlers, forms or frames).',
  fields: (t) => ({ name: t.exposeString('name'), html: t.exposeString('html') }),
});

export const ProviderMessage = builder.objectRef<MessageWithProvider>('ProviderMessage').implement({
  description: 'Spec 01 section 3: a one-way message from the care team.',
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.exposeString('type'),
    messageSections: t.field({
      type: [MessageSection],
      resolve: (m) => splitSections(m.message),
    }),
    provider_id: t.exposeID('providerId', { nullable: true }),
    provider_name: t.exposeString('providerName', { nullable: true }),
    provider_image: t.exposeString('providerImage', { nullable: true }),
    read_on: t.field({ type: 'DateTime', nullable: true, resolve: (m) => m.readOn }),
    read: t.boolean({ resolve: (m) => m.readOn !== null }),
    created_at: t.field({ type: 'DateTime', resolve: (m) => m.createdAt }),
    displayTime: t.field({
      type: 'DateTime',
      description:
        "The instant to show; the web formats it as 'N minutes/hours ago' the same day, " +
        'otherwise MMM dd, yyyy.',
      resolve: (m) => m.createdAt,
    }),
    template_used_id: t.exposeID('templateUsedId', { nullable: true }),
    sent_by_user_id: t.exposeID('sentByUserId', { nullable: true }),
  }),
});

const ProviderMessageType = builder.objectRef<TemplateRow>('ProviderMessageType').implement({
  description: 'A provider messaging template: a message type and its description.',
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.exposeString('type'),
    description: t.exposeString('description'),
  }),
});

const MessageProvider = builder.objectRef<ProviderRow>('MessageProvider').implement({
  description: 'A provider who sends messages, found by the user id they sign in with.',
  fields: (t) => ({
    id: t.exposeID('id'),
    user_id: t.exposeID('userId', { nullable: true }),
    displayName: t.exposeString('displayName'),
    profileImage: t.exposeString('profileImage', { nullable: true }),
    title: t.exposeString('title', { nullable: true }),
  }),
});

builder.queryField('providerMessages', (t) =>
  t.field({
    type: [ProviderMessage],
    description:
      "getProviderMessages: the customer's messages, newest first. customerId must be the " +
      "signed-in customer's (FORBIDDEN otherwise).",
    authScopes: { customer: true },
    args: { customerId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => {
      const customerId = requireCustomer(ctx, args.customerId);
      return ctx.services.messages.list(customerId, ctx.actor);
    },
  }),
);

builder.queryField('providerMessageTypes', (t) =>
  t.field({
    type: [ProviderMessageType],
    description: 'getProviderMessageTypes: message types with their descriptions.',
    authScopes: { customer: true },
    resolve: (_root, _args, ctx) => ctx.services.messages.types(),
  }),
);

builder.queryField('providersByUserIds', (t) =>
  t.field({
    type: [MessageProvider],
    description: `getProvidersByUserIds: providers by their user ids (at most ${MAX_USER_IDS}).`,
    authScopes: { customer: true },
    args: { userIds: t.arg.idList({ required: true }) },
    resolve: (_root, args, ctx) => {
      if (args.userIds.length > MAX_USER_IDS) {
        throw codedError('BAD_USER_INPUT', `At most ${MAX_USER_IDS} user ids.`, {
          fields: { userIds: 'tooMany' },
        });
      }
      const ids = args.userIds.map((id) => uuidArg(id, 'userIds'));
      return ctx.services.messages.providersByUserIds(ids);
    },
  }),
);

interface ReadResult {
  data: MessageWithProvider;
  message: string;
  name: string;
  statusCode: number;
}

const UpdateProviderMessageReadResult = builder
  .objectRef<ReadResult>('UpdateProviderMessageReadResult')
  .implement({
    description: 'Spec 01 section 7: a mutation answer carries data, message, name, statusCode.',
    fields: (t) => ({
      data: t.field({ type: ProviderMessage, resolve: (r) => r.data }),
      message: t.exposeString('message'),
      name: t.exposeString('name'),
      statusCode: t.exposeInt('statusCode'),
    }),
  });

builder.mutationType({});
builder.mutationField('updateProviderMessageRead', (t) =>
  t.field({
    type: UpdateProviderMessageReadResult,
    description:
      'updateProviderMessageRead: sets read_on to now on an own message; an id of another ' +
      "customer's message answers NOT_FOUND and changes nothing.",
    authScopes: { customer: true },
    args: { messageId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const id = uuidArg(args.messageId, 'messageId');
      const row = await ctx.services.messages.markRead(customerId, id, ctx.actor);
      if (!row) throw codedError('NOT_FOUND', 'Message not found.');
      return {
        data: row,
        message: 'Message marked read.',
        name: 'updateProviderMessageRead',
        statusCode: 200,
      };
    },
  }),
);

const ProviderMessageChange = builder
  .objectRef<FeedEvent & { message: MessageWithProvider | null }>('ProviderMessageChange')
  .implement({
    fields: (t) => ({
      change: t.exposeString('change', { description: 'created or updated' }),
      id: t.exposeID('id'),
      message: t.field({ type: ProviderMessage, nullable: true, resolve: (c) => c.message }),
    }),
  });

builder.subscriptionField('providerMessagesChanged', (t) =>
  t.field({
    type: ProviderMessageChange,
    description:
      'Fires when a message to the signed-in customer is posted or changed (read); only ever ' +
      "that customer's.",
    authScopes: { customer: true },
    subscribe: (_root, _args, ctx) => {
      const customerId = requireCustomer(ctx);
      if (!ctx.pubsub) throw codedError('C108', 'No customer record to follow.');
      return ctx.pubsub.subscribe(topics.providerMessages(customerId));
    },
    resolve: async (payload, _args, ctx) => {
      const event = payload as FeedEvent;
      const customerId = requireCustomer(ctx);
      const message =
        event.customerId === customerId
          ? ((await ctx.services.messages.findOwn(customerId, event.id, ctx.actor)) ?? null)
          : null;
      return { ...event, message };
    },
  }),
);
