import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { charges } from './billing';
import { customers, subscriptions } from './customers';

// Invoices (spec 02 §3 "Invoice", §7 GetInvoices / GetInvoicePdfUrl, §9 "Invoices limit 50").
// One invoice per settled charge (paid or declined), written in the transaction that settles
// the charge. Money in integer cents; the shipping address is a snapshot at issue time.

/** One line of an invoice: a plan, an add-on, a coupon, a proration refund, a fee. */
export interface InvoiceLine {
  kind: 'plan' | 'addon' | 'coupon' | 'proration' | 'fee' | 'credit';
  description: string;
  /** Cents; negative for a discount, refund or credit. */
  amount: number;
  /** For medication lines on the HSA/FSA receipt (plan and add-ons). */
  medication?: string | undefined;
}

export interface InvoiceAddress {
  streetAddress1: string;
  streetAddress2: string | null;
  city: string;
  state: string;
  stateCode: string;
  zipCode: string;
}

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
    /** paid, or payment_due (the charge was declined or failed). */
    status: text('status', { enum: ['paid', 'payment_due'] }).notNull(),
    description: text('description').notNull(),
    total: integer('total').notNull(),
    amountPaid: integer('amount_paid').notNull(),
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
    check('invoices_total_nonnegative', sql`${t.total} >= 0`),
  ],
);

/**
 * Reminders the renewals job has raised, one per kind, subscription and contract, so a job
 * that runs twice raises a notice once (action_required_contract_expire_v1).
 */
export const billingReminders = pgTable(
  'billing_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('billing_reminders_uq').on(t.kind, t.subscriptionId, t.contractId)],
);
