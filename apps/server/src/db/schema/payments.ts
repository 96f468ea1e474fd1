import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers, subscriptions } from './customers';

// The money ledger (issue 39; DESIGN §4 "Money moves in one unit of work"), owned by
// modules/payments: every charge and refund we ask the processor for, the invoice each charge
// issues, the processor's customer of each of ours, and the processor's webhook events applied.
// Money is integer cents. No card number is ever stored: a charge names the processor's payment
// method id only. Billing and bulk orders say what a charge pays for (purpose, reference,
// intent); they keep no charge table of their own.

/** One line of an invoice: a plan, an add-on, a coupon, a proration refund, a fee. */
export interface InvoiceLine {
  kind: 'plan' | 'addon' | 'medication' | 'coupon' | 'proration' | 'fee' | 'credit';
  description: string;
  /** Cents; negative for a discount, refund or credit. */
  amount: number;
  /** For medication lines on the HSA/FSA receipt (plan and add-ons). */
  medication?: string | undefined;
}

/** What an invoice will say, decided by the charge's owner when the charge is made. */
export interface InvoiceDraft {
  description: string;
  lines: InvoiceLine[];
  serviceDate: string;
  providerName: string | null;
}

export interface InvoiceAddress {
  streetAddress1: string;
  streetAddress2: string | null;
  city: string;
  state: string;
  stateCode: string;
  zipCode: string;
}

/**
 * Every charge we ask the processor for (the table kept its name from billing's ledger, so the
 * invoices' foreign key and the rows stayed where they were). The idempotency key is unique: it
 * is made before the first attempt (a quote id, a renewal's period and attempt, a bulk action
 * and its card) and sent with every retry, so a charge is made once whatever retries, double
 * clicks or crashes happen. `intent` is the owner's (opaque here), applied through the owner's
 * registered handler in the transaction that records the success, or later by the job.
 */
export const charges = pgTable(
  'charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The plan an invoice belongs to (spec 02 §3 Invoice.subscription_id); null for bulk orders. */
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, {
      onDelete: 'set null',
    }),
    /** Whose charge it is: subscription_change, renewal, bulk_order (the handler applied). */
    purpose: text('purpose').notNull(),
    /** The owner's id for what is paid (the subscription, the bulk customer action). */
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** card (a saved payment method, charged by us) or checkout (the hosted pay-later page). */
    method: text('method', { enum: ['card', 'checkout'] })
      .notNull()
      .default('card'),
    amount: integer('amount').notNull(),
    /** ISO 4217, lower case as the processor writes it. */
    currency: text('currency').notNull().default('usd'),
    /** The processor that holds it (sandbox or stripe). */
    processor: text('processor').notNull().default('sandbox'),
    /**
     * pending (committed before the processor is asked), requires_action (3-D Secure asked of
     * the customer), succeeded, declined (the processor's answer), failed (never reached it).
     */
    status: text('status').notNull().default('pending'),
    /** The processor's payment method charged; never a card number. */
    paymentMethodId: text('payment_method_id'),
    processorCustomerId: text('processor_customer_id'),
    /** The processor's payment id (a PaymentIntent with Stripe). */
    gatewayChargeId: text('gateway_charge_id'),
    /** The processor's decline reason (the domain's PaymentDeclineReason), or not_sent. */
    processorReason: text('processor_reason'),
    /** true when the customer was at the screen (3-D Secure may be asked for). */
    onSession: boolean('on_session').notNull().default(false),
    description: text('description').notNull().default(''),
    intent: jsonb('intent').notNull(),
    /** The invoice a success issues (its lines add up to the amount charged). */
    invoice: jsonb('invoice').$type<InvoiceDraft | null>(),
    /** What applying the intent produced (a plan change's new contract id and plan name). */
    result: jsonb('result'),
    /** What refunds have taken (or hold, while asked): never above the amount. */
    amountRefunded: integer('amount_refunded').notNull().default(0),
    /**
     * When the owner applied what the charge paid for. Null on a success means paid but not
     * applied (spec 02 §8 actionFailure): the job retries, the care team sees it.
     */
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    fulfilmentError: text('fulfilment_error'),
    fulfilmentAttempts: integer('fulfilment_attempts').notNull().default(0),
    /**
     * Why the care team must look at this money (issue 45), null when nothing is wrong:
     * notApplied (a paid checkout that paid for nothing payable: refunded through the processor,
     * never applied) or creditsShort (a late success after a failure whose credits, given back
     * at the failure, could not all be taken again). Listed by GET /staff/payments/attention
     * until the care team marks it seen (attentionResolvedAt).
     */
    attention: text('attention', { enum: ['notApplied', 'creditsShort'] }),
    attentionDetails: jsonb('attention_details'),
    attentionAt: timestamp('attention_at', { withTimezone: true }),
    attentionResolvedAt: timestamp('attention_resolved_at', { withTimezone: true }),
    /** The staff user (or 'api-key') who marked it seen (issue 41). */
    attentionResolvedBy: text('attention_resolved_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('charges_idempotency_key_uq').on(t.idempotencyKey),
    index('charges_customer_idx').on(t.customerId, t.createdAt),
    index('charges_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('charges_purpose_reference_idx').on(t.purpose, t.reference),
    index('charges_unfulfilled_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'succeeded' and ${t.fulfilledAt} is null`),
    index('charges_attention_idx')
      .on(t.attentionAt)
      .where(sql`${t.attention} is not null and ${t.attentionResolvedAt} is null`),
    check('charges_amount_nonnegative', sql`${t.amount} >= 0`),
    check(
      'charges_amount_refunded_within',
      sql`${t.amountRefunded} >= 0 and ${t.amountRefunded} <= ${t.amount}`,
    ),
  ],
);

/**
 * Refunds of a succeeded charge (all or part), asked by the care team. The idempotency key is
 * the refund's own id, so a retried refund is made once; the charge's amount_refunded is taken
 * first, by a conditional update, so concurrent refunds can never exceed what was charged.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => charges.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** pending (not answered yet), succeeded, processing (the processor's pending), failed. */
    status: text('status').notNull().default('pending'),
    processorRefundId: text('processor_refund_id'),
    /** Why the care team refunded (shown to staff; never health details by policy). */
    reason: text('reason').notNull(),
    /** The processor's reason when it refused. */
    processorReason: text('processor_reason'),
    /** The staff user (or api-key) who asked. */
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_refunds_key_uq').on(t.idempotencyKey),
    index('payment_refunds_charge_idx').on(t.chargeId),
    check('payment_refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Our customer's customer at the processor (Stripe's cus_…), made once per provider. */
export const processorCustomers = pgTable(
  'processor_customers',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    processorCustomerId: text('processor_customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.provider] }),
    uniqueIndex('processor_customers_processor_uq').on(t.provider, t.processorCustomerId),
  ],
);

/** Processor webhook events already applied: each event id once (the insert is the judge). */
export const gatewayWebhookEvents = pgTable('gateway_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

// Invoices (spec 02 §3 "Invoice", §7 GetInvoices / GetInvoicePdfUrl, §9 "Invoices limit 50").
// One invoice per charge, written in the transaction that settles it. The shipping address is
// a snapshot at issue time.
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Numbers are issued in order: INV-000001, INV-000002, … */
    seq: serial('seq').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, {
      onDelete: 'set null',
    }),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => charges.id, { onDelete: 'cascade' }),
    /** paid, or payment_due (the charge was declined). */
    status: text('status', { enum: ['paid', 'payment_due'] }).notNull(),
    description: text('description').notNull(),
    total: integer('total').notNull(),
    amountPaid: integer('amount_paid').notNull(),
    /** What refunds of its charge have given back (the PDF's "Refunded" row). */
    amountRefunded: integer('amount_refunded').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<InvoiceAddress | null>(),
    /** The first day of the period the invoice covers (the receipt's date of service). */
    serviceDate: date('service_date').notNull(),
    providerName: text('provider_name'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('invoices_charge_uq').on(t.chargeId),
    uniqueIndex('invoices_seq_uq').on(t.seq),
    index('invoices_customer_idx').on(t.customerId, t.issuedAt),
    // The care queue reads the unpaid invoices, a few among all issued.
    index('invoices_payment_due_idx')
      .on(t.issuedAt)
      .where(sql`${t.status} = 'payment_due'`),
    check('invoices_total_nonnegative', sql`${t.total} >= 0`),
  ],
);
