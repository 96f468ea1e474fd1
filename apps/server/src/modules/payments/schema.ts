import { builder } from '../../graphql/builder';
import { requireCustomer } from '../../graphql/guards';
import { invoiceNumber, type InvoiceLine, type InvoiceRow } from './invoices';
import type { PaymentsService } from './service';

declare module '../../graphql/context' {
  interface Services {
    payments: PaymentsService;
  }
}

// Invoices (spec 02 §3 "Invoice", §7 GetInvoices / GetInvoicePdfUrl, §8 C107): one per charge,
// issued by the payments module, listed newest first, and downloaded through a 5-minute signed
// URL. The spec's fields are kept; amount_refunded is ours (issue 39: refunds show on it).

const InvoiceLineRef = builder.objectRef<InvoiceLine>('InvoiceLine').implement({
  description: 'One line of an invoice, in cents (negative for a coupon, refund or credit).',
  fields: (t) => ({
    kind: t.exposeString('kind'),
    description: t.exposeString('description'),
    amount: t.exposeInt('amount'),
  }),
});

const InvoiceAddressRef = builder
  .objectRef<NonNullable<InvoiceRow['shippingAddress']>>('InvoiceShippingAddress')
  .implement({
    fields: (t) => ({
      street_address1: t.exposeString('streetAddress1'),
      street_address2: t.exposeString('streetAddress2', { nullable: true }),
      city: t.exposeString('city'),
      state: t.exposeString('state'),
      state_code: t.exposeString('stateCode'),
      zip_code: t.exposeString('zipCode'),
    }),
  });

const Invoice = builder.objectRef<InvoiceRow>('Invoice').implement({
  description:
    'Spec 02 §3: one per charge. status is paid or payment_due; total and amount_paid in cents.',
  fields: (t) => ({
    id: t.exposeID('id'),
    number: t.string({ resolve: (i) => invoiceNumber(i) }),
    description: t.exposeString('description'),
    date: t.field({ type: 'DateTime', resolve: (i) => i.issuedAt }),
    total: t.exposeInt('total'),
    amount_paid: t.exposeInt('amountPaid'),
    amount_refunded: t.exposeInt('amountRefunded', {
      description: 'What refunds of its charge gave back, in cents (0 when none).',
    }),
    currency: t.exposeString('currency'),
    status: t.exposeString('status'),
    line_items: t.field({ type: [InvoiceLineRef], resolve: (i) => i.lines }),
    shipping_address: t.field({
      type: InvoiceAddressRef,
      nullable: true,
      resolve: (i) => i.shippingAddress,
    }),
    subscription_id: t.exposeID('subscriptionId', { nullable: true }),
    service_date: t.field({ type: 'Date', resolve: (i) => i.serviceDate }),
    updated_at: t.field({ type: 'DateTime', resolve: (i) => i.updatedAt }),
  }),
});

const InvoiceDocumentEnum = builder.enumType('InvoiceDocument', {
  description: 'INVOICE, or the HSA/FSA itemized receipt of the same invoice.',
  values: { INVOICE: { value: 'invoice' }, HSA_FSA_RECEIPT: { value: 'receipt' } } as const,
});

const InvoicePdfUrl = builder
  .objectRef<{ downloadUrl: string | null; errorMessage: string | null }>('InvoicePdfUrl')
  .implement({
    description:
      'Spec 02 §7: downloadUrl (valid 5 minutes, this customer only) or errorMessage with ' +
      'errorCode C107 (cannot download invoice).',
    fields: (t) => ({
      downloadUrl: t.exposeString('downloadUrl', { nullable: true }),
      errorMessage: t.exposeString('errorMessage', { nullable: true }),
      errorCode: t.string({ nullable: true, resolve: (a) => (a.errorMessage ? 'C107' : null) }),
    }),
  });

builder.queryField('invoices', (t) =>
  t.field({
    type: [Invoice],
    description: "GetInvoices: the viewer's invoices, newest first, at most 50.",
    authScopes: { customer: true },
    resolve: (_root, _args, ctx) =>
      ctx.services.payments.invoices.list(requireCustomer(ctx), ctx.actor),
  }),
);

builder.queryField('invoicePdfUrl', (t) =>
  t.field({
    type: InvoicePdfUrl,
    description:
      "GetInvoicePdfUrl {invoiceId}: a signed URL to the invoice's PDF (or its HSA/FSA " +
      "receipt); errorMessage and C107 for an invoice that is not the viewer's.",
    authScopes: { customer: true },
    args: {
      invoiceId: t.arg.id({ required: true }),
      document: t.arg({ type: InvoiceDocumentEnum, required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const id = String(args.invoiceId);
      const url = /^[0-9a-f-]{36}$/i.test(id)
        ? await ctx.services.payments.invoices.pdfUrl(
            customerId,
            id,
            args.document ?? 'invoice',
            ctx.actor,
          )
        : null;
      return url
        ? { downloadUrl: url, errorMessage: null }
        : { downloadUrl: null, errorMessage: 'This invoice cannot be downloaded.' };
    },
  }),
);
