import { CUSTOMER_ACTION_STATUSES, type CustomerActionStatus } from '@portal/domain';
import { builder } from '../../graphql/builder';
import { requireCustomer, uuidArg } from '../../graphql/guards';
import type { CustomerActionRecord } from './actions-service';
import type { CustomerActionService } from './actions-service';

declare module '../../graphql/context' {
  interface Services {
    customerActions: CustomerActionService;
  }
}

const CustomerActionStatusEnum = builder.enumType('CustomerActionStatus', {
  description: 'Spec 01 section 3: a customer action is pending until it is complete.',
  values: CUSTOMER_ACTION_STATUSES,
});

const CustomerActionType = builder.objectRef<{ typeCode: string }>('CustomerActionType').implement({
  fields: (t) => ({ type_code: t.exposeString('typeCode') }),
});

type Metadata = Record<string, unknown>;

const CustomerActionMetadata = builder.objectRef<Metadata>('CustomerActionMetadata').implement({
  description:
    'What an action needs, by type; a bulk_order_charge carries vial_count (spec 02 §3). ' +
    'Fields a type does not use are null.',
  fields: (t) => ({
    vial_count: t.int({
      nullable: true,
      resolve: (m) =>
        typeof m.vial_count === 'number' && Number.isInteger(m.vial_count) ? m.vial_count : null,
    }),
  }),
});

const CustomerAction = builder.objectRef<CustomerActionRecord>('CustomerAction').implement({
  description: 'Spec 01 section 3: something the care team asks the customer to do.',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.field({
      type: CustomerActionStatusEnum,
      resolve: (a) => a.status as CustomerActionStatus,
    }),
    customer_id: t.exposeID('customerId'),
    customer_identity_provider_id: t.exposeID('customerUserId', {
      nullable: true,
      description: "Spec 02 section 7: the customer's identity-provider user id.",
    }),
    metadata: t.field({ type: CustomerActionMetadata, resolve: (a) => a.metadata }),
    action_type: t.field({ type: CustomerActionType, resolve: (a) => ({ typeCode: a.typeCode }) }),
    created_at: t.field({ type: 'DateTime', resolve: (a) => a.createdAt }),
  }),
});

builder.queryField('customerAction', (t) =>
  t.field({
    type: CustomerAction,
    nullable: true,
    description:
      "customer action by id: one of the signed-in customer's actions; null for an id that is " +
      "not theirs (another customer's action reads as not found).",
    authScopes: { customer: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const row = await ctx.services.customerActions.byId(
        customerId,
        uuidArg(args.id, 'id'),
        ctx.actor,
      );
      return row ?? null;
    },
  }),
);

builder.queryField('customerActions', (t) =>
  t.field({
    type: [CustomerAction],
    description:
      "all customer actions: the signed-in customer's actions, newest first; optionally only " +
      'those in one status.',
    authScopes: { customer: true },
    args: { status: t.arg({ type: CustomerActionStatusEnum, required: false }) },
    resolve: (_root, args, ctx) =>
      ctx.services.customerActions.list(requireCustomer(ctx), ctx.actor, args.status ?? undefined),
  }),
);
