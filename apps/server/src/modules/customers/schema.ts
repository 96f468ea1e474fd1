import { builder } from '../../graphql/builder';
import './actions-schema';
import './account-schema';
import { Address, addressView, type AddressView } from './address-schema';
import { codedError } from '../../platform/errors';
import { topics } from '../../platform/pubsub';
import { sqlRoot } from '../../graphql/sql-plan';
import {
  contractPlans,
  customerPlans,
  subscriptionItemPlans,
  subscriptionPlans,
  tagPlans,
} from './schema-plans';
import type { ContractRow, CustomerRecord, SubscriptionItemRow, SubscriptionRow } from './store';
import type { CustomerService } from './service';
import { isCorporateHealth } from './corporate-health';

declare module '../../graphql/context' {
  interface Services {
    customers: CustomerService;
  }
}

const Tag = builder.objectRef<{ name: string }>('Tag').implement({
  fields: (t) => ({ name: t.exposeString('name', { extensions: tagPlans.name }) }),
});

const Contract = builder.objectRef<ContractRow>('Contract').implement({
  description: 'A plan contract; money in integer cents, length in months.',
  fields: (t) => ({
    id: t.exposeID('id', { extensions: contractPlans.id }),
    status: t.exposeString('status', { extensions: contractPlans.status }),
    discount_amount: t.exposeInt('discountAmount', { extensions: contractPlans.discount_amount }),
    auto_renew: t.exposeBoolean('autoRenew', { extensions: contractPlans.auto_renew }),
    coupon: t.exposeString('coupon', { nullable: true, extensions: contractPlans.coupon }),
    start_date: t.field({
      type: 'Date',
      resolve: (c) => c.startDate,
      extensions: contractPlans.start_date,
    }),
    end_date: t.field({
      type: 'Date',
      resolve: (c) => c.endDate,
      extensions: contractPlans.end_date,
    }),
    length: t.exposeInt('length', { extensions: contractPlans.length }),
    price: t.exposeInt('price', { extensions: contractPlans.price }),
  }),
});

const SubscriptionItem = builder.objectRef<SubscriptionItemRow>('SubscriptionItem').implement({
  fields: (t) => ({
    item_price_id: t.exposeString('itemPriceId', {
      extensions: subscriptionItemPlans.item_price_id,
    }),
    item_type: t.exposeString('itemType', { extensions: subscriptionItemPlans.item_type }),
  }),
});

/** A subscription as CustomerSubscription reads it: its items and contract under their field names. */
type SubscriptionShape = SubscriptionRow & {
  subscription_items: SubscriptionItemRow[];
  contract: ContractRow | null;
};

const Subscription = builder.objectRef<SubscriptionShape>('CustomerSubscription').implement({
  fields: (t) => ({
    id: t.exposeID('id', { extensions: subscriptionPlans.id }),
    status: t.exposeString('status', { extensions: subscriptionPlans.status }),
    contract_id: t.exposeID('contractId', {
      nullable: true,
      extensions: subscriptionPlans.contract_id,
    }),
    treatment_id: t.exposeID('treatmentId', {
      nullable: true,
      extensions: subscriptionPlans.treatment_id,
    }),
    subscription_items: t.expose('subscription_items', {
      type: [SubscriptionItem],
      extensions: subscriptionPlans.subscription_items,
    }),
    contract: t.expose('contract', {
      type: Contract,
      nullable: true,
      extensions: subscriptionPlans.contract,
    }),
  }),
});

function withContracts(record: CustomerRecord, linked: boolean): SubscriptionShape[] {
  return record.subscriptions
    .filter((s) => (s.linkedToSubscriptionId !== null) === linked)
    .map((s) => ({
      ...s,
      subscription_items: s.items,
      contract: record.contracts.find((c) => c.id === s.contractId) ?? null,
    }));
}

/**
 * What the Customer type reads: the record's fields under their GraphQL names, made once per
 * record, so graphql-jit reads them as properties instead of calling a resolver (and building
 * its resolve info) per field (issue 16: GetCustomerData asks for most of them). The record
 * itself stays beside them for fields added elsewhere (prescriptions).
 */
export interface CustomerView {
  record: CustomerRecord;
  id: string;
  short_id: string;
  full_name: string;
  first_name: string;
  last_name: string;
  preferred_name: string | null;
  phone: string | null;
  dob: string | null;
  sex: string | null;
  gender: string | null;
  email: string;
  created_at: Date;
  time_zone: string;
  shippingAddresses: AddressView[];
  tags: { name: string }[];
  contracts: ContractRow[];
  subscriptions: SubscriptionShape[];
  linked_subscriptions: SubscriptionShape[];
}

/** First and last name, a space between, no space at either end (schema-plans.ts: btrim). */
function fullName(first: string, last: string): string {
  return `${first} ${last}`.replace(/^ +| +$/g, '');
}

export function customerView(record: CustomerRecord): CustomerView {
  const c = record.customer;
  return {
    record,
    id: c.id,
    short_id: c.shortId,
    full_name: fullName(c.firstName, c.lastName),
    first_name: c.firstName,
    last_name: c.lastName,
    preferred_name: c.preferredName,
    phone: c.phone,
    dob: c.dob,
    sex: c.sex,
    gender: c.gender,
    email: c.email,
    created_at: c.createdAt,
    time_zone: c.timeZone,
    shippingAddresses: record.addresses.map(addressView),
    tags: record.tags.map((name) => ({ name })),
    contracts: record.contracts,
    subscriptions: withContracts(record, false),
    linked_subscriptions: withContracts(record, true),
  };
}

export const Customer = builder.objectRef<CustomerView>('Customer').implement({
  description: 'Spec 01 section 3: the signed-in customer.',
  fields: (t) => ({
    id: t.exposeID('id', { extensions: customerPlans.id }),
    short_id: t.exposeString('short_id', { extensions: customerPlans.short_id }),
    full_name: t.exposeString('full_name', { extensions: customerPlans.full_name }),
    first_name: t.exposeString('first_name', { extensions: customerPlans.first_name }),
    last_name: t.exposeString('last_name', { extensions: customerPlans.last_name }),
    preferred_name: t.exposeString('preferred_name', {
      nullable: true,
      extensions: customerPlans.preferred_name,
    }),
    phone: t.exposeString('phone', { nullable: true, extensions: customerPlans.phone }),
    dob: t.expose('dob', { type: 'Date', nullable: true, extensions: customerPlans.dob }),
    sex: t.exposeString('sex', { nullable: true, extensions: customerPlans.sex }),
    gender: t.exposeString('gender', { nullable: true, extensions: customerPlans.gender }),
    email: t.exposeString('email', { extensions: customerPlans.email }),
    created_at: t.expose('created_at', { type: 'DateTime', extensions: customerPlans.created_at }),
    time_zone: t.exposeString('time_zone', { extensions: customerPlans.time_zone }),
    shippingAddresses: t.expose('shippingAddresses', {
      type: [Address],
      extensions: customerPlans.shippingAddresses,
    }),
    tags: t.expose('tags', { type: [Tag], extensions: customerPlans.tags }),
    corporate_health: t.boolean({
      description:
        'The corporate-health mode (spec 02 §6): the personify tag and the personify_health flag, ' +
        "both. The membership is the employer programme's: the portal offers no plan changes.",
      resolve: async (c, _args, ctx) =>
        isCorporateHealth(c.tags, await ctx.services.flags.flagsFor(c.id)),
    }),
    contracts: t.expose('contracts', { type: [Contract], extensions: customerPlans.contracts }),
    subscriptions: t.expose('subscriptions', {
      type: [Subscription],
      extensions: customerPlans.subscriptions,
    }),
    linked_subscriptions: t.expose('linked_subscriptions', {
      type: [Subscription],
      extensions: customerPlans.linked_subscriptions,
    }),
  }),
});

builder.queryField('customer', (t) =>
  t.field({
    type: Customer,
    nullable: true,
    description:
      'GetCustomerData: the customer the access token names; null when the user has no customer record.',
    authScopes: { customer: true },
    // A persisted query whose fields all have SQL plans (schema-plans.ts) reads its JSON from the
    // database in one statement (graphql/sql-plan.ts); the same customer, the same audit row.
    // Without the customer scope the resolver answers, with scope-auth's error.
    extensions: sqlRoot(async (ctx, select) => {
      if (ctx.viewer?.role !== 'customer') return undefined;
      const customerId = ctx.viewer.customerId;
      if (!customerId) return null;
      return ctx.services.customers.getOwnRecordJson(customerId, ctx.actor, select);
    }),
    resolve: async (_root, _args, ctx) => {
      const customerId = ctx.viewer?.customerId;
      if (!customerId) return null;
      const record = await ctx.services.customers.getOwnRecord(customerId, ctx.actor);
      return record ? customerView(record) : null;
    },
  }),
);

interface CustomerChange {
  customerId: string;
  reason: string;
}

const CustomerChanged = builder
  .objectRef<CustomerChange & { record: CustomerRecord | null }>('CustomerChanged')
  .implement({
    fields: (t) => ({
      reason: t.exposeString('reason'),
      customer: t.field({
        type: Customer,
        nullable: true,
        resolve: (c) => (c.record ? customerView(c.record) : null),
      }),
    }),
  });

builder.subscriptionType({});
builder.subscriptionField('customerChanged', (t) =>
  t.field({
    type: CustomerChanged,
    description: "Fires when the signed-in customer's record changes; only ever that customer's.",
    authScopes: { customer: true },
    subscribe: async (_root, _args, ctx) => {
      const customerId = ctx.viewer?.customerId;
      if (!customerId || !ctx.pubsub) throw codedError('C108', 'No customer record to follow.');
      return ctx.pubsub.subscribe(topics.customer(customerId));
    },
    resolve: async (payload, _args, ctx) => {
      const change = payload as CustomerChange;
      // The topic is the viewer's own; the id check guards against a mis-published event.
      if (change.customerId !== ctx.viewer?.customerId) return { ...change, record: null };
      const record =
        (await ctx.services.customers.getOwnRecord(change.customerId, ctx.actor)) ?? null;
      return { ...change, record };
    },
  }),
);
