import { LAB_DOCUMENT_CATEGORY, LAB_SORT_ORDERS } from '@portal/domain';
import { builder } from '../../graphql/builder';
import { requireCustomer, uuidArg } from '../../graphql/guards';
import { FileCategoryEnum } from '../files/schema';
import { documentUri, type DocumentRow } from '../files/service';
import { ProviderSummary, TreatmentSummary } from '../prescriptions/schema';
import type { LabOrderView } from './service';
import type { LabService } from './service';

declare module '../../graphql/context' {
  interface Services {
    labs: LabService;
  }
}

const LabSortEnum = builder.enumType('LabSortOrder', {
  description: 'Spec 02 section 2: the labs list sorts Newest or Oldest (by created_at).',
  values: LAB_SORT_ORDERS,
});

const LabDocument = builder.objectRef<DocumentRow>('LabDocument').implement({
  description:
    'Spec 02 section 3: the result file. Download it through signedDownloadUrl {fileName, ' +
    'category} or signedDownloadUrlFromUri {uri}.',
  fields: (t) => ({
    id: t.exposeID('id'),
    file_name: t.exposeString('fileName'),
    category: t.exposeString('category'),
    created_at: t.field({ type: 'DateTime', resolve: (d) => d.createdAt }),
    uri: t.string({ resolve: (d) => documentUri(d) }),
    size_bytes: t.exposeInt('sizeBytes'),
  }),
});

const LabOrderDetails = builder.objectRef<LabOrderView>('LabOrderDetails').implement({
  fields: (t) => ({
    id: t.id({ resolve: (v) => v.order.id }),
    created_at: t.field({ type: 'DateTime', resolve: (v) => v.order.createdAt }),
    ordered_at: t.field({ type: 'DateTime', resolve: (v) => v.order.orderedAt }),
    received_at: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.order.receivedAt }),
    provider: t.field({ type: ProviderSummary, nullable: true, resolve: (v) => v.provider }),
    treatment: t.field({ type: TreatmentSummary, nullable: true, resolve: (v) => v.treatment }),
  }),
});

const LabOrder = builder.objectRef<LabOrderView>('LabOrder').implement({
  description: 'Spec 02 section 3: a lab order with its document.',
  fields: (t) => ({
    lab_order_id: t.id({ resolve: (v) => v.order.id }),
    document_id: t.id({ nullable: true, resolve: (v) => v.order.documentId }),
    document: t.field({ type: LabDocument, nullable: true, resolve: (v) => v.document }),
    order: t.field({ type: LabOrderDetails, resolve: (v) => v }),
  }),
});

builder.queryField('labOrders', (t) =>
  t.field({
    type: [LabOrder],
    description:
      "getLabOrders: the signed-in customer's lab orders whose document is of the category " +
      '(LabResult by default), sorted by created_at (newest first by default).',
    authScopes: { customer: true },
    args: {
      category: t.arg({ type: FileCategoryEnum, defaultValue: LAB_DOCUMENT_CATEGORY }),
      sort: t.arg({ type: LabSortEnum, defaultValue: 'newest' }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const rows = await ctx.services.labs.list(
        customerId,
        args.category ?? LAB_DOCUMENT_CATEGORY,
        ctx.actor,
      );
      return args.sort === 'oldest' ? rows.reverse() : rows;
    },
  }),
);

builder.queryField('labOrder', (t) =>
  t.field({
    type: LabOrder,
    nullable: true,
    description: "One of the signed-in customer's lab orders; null for an id that is not theirs.",
    authScopes: { customer: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) =>
      (await ctx.services.labs.findOwn(requireCustomer(ctx), uuidArg(args.id, 'id'), ctx.actor)) ??
      null,
  }),
);
