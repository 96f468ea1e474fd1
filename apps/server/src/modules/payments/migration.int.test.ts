import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, type Database } from '../../db/client';

// Issue 39's migration (0018_payments): billing's charges keep their rows and gain what the
// engine reads from columns; every bulk_charges row becomes a charge of the one ledger (nothing
// paid is lost), a paid one with its invoice and its order marked paid; then bulk_charges goes.
// The database is migrated to just before it, filled as the old code left it, then migrated on.

const PAYMENTS_MIGRATION = '0018_payments';

let database: Database | undefined;
const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-migration-'));
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The migrations folder as it was before issue 39's migration. */
function migrationsBefore(tag: string): string {
  const folder = path.join(dir, 'before');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

async function rows<T>(db: Database['db'], query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

describe('0018_payments', () => {
  it('carries every bulk and billing charge into the one ledger, paid ones with their invoice', async () => {
    database = await openDatabase({});
    const { db } = database;
    await migrate(db as never, { migrationsFolder: migrationsBefore(PAYMENTS_MIGRATION) });

    // The customer as the schema of the time had it: raw SQL, because the factory's insert
    // names every column of today's table (time_zone_chosen_at came with 0027).
    const [customer] = await rows<{ id: string }>(
      db,
      sql`insert into customers (email, short_id, first_name, last_name)
          values ('ledger-migration@example.com', 'LEDGER18', 'Test', 'Customer') returning id`,
    );
    if (!customer) throw new Error('customer not created');
    const id = customer.id;
    await db.execute(
      sql`insert into customer_action_types (type_code) values ('bulk_order_charge') on conflict do nothing`,
    );
    const [action, declinedAction, laterAction] = await rows<{ id: string }>(
      db,
      sql`insert into customer_actions (customer_id, action_type_id, status, metadata)
          select ${id}, t.id, v.status, v.metadata::jsonb
          from customer_action_types t,
            (values (1, 'complete', '{"vial_count": 3}'), (2, 'pending', '{"vial_count": 2}'),
                    (3, 'complete', '{"vial_count": 2}')) as v(n, status, metadata)
          where t.type_code = 'bulk_order_charge' order by v.n
          returning id`,
    );
    const [order] = await rows<{ id: string }>(
      db,
      sql`insert into bulk_orders (customer_id, vial_count, treatment_short_id, encounter, status, action_id)
          values (${id}, 3, 'weightmanagement_bulk', 'async', 'approved', ${action?.id}) returning id`,
    );
    const settled = new Date('2026-03-10T18:00:00Z');
    await db.execute(sql`insert into bulk_charges
      (customer_id, action_id, method, vial_count, amount, status, gateway_payment_method_id,
       gateway_charge_id, processor_reason, action_completed, created_at, settled_at)
      values
      (${id}, ${action?.id}, 'card', 3, 149700, 'succeeded', 'pm_a', 'ch_a', null, true, ${settled}, ${settled}),
      (${id}, ${declinedAction?.id}, 'card', 2, 109800, 'declined', 'pm_b', 'ch_b', 'insufficientFunds', false, ${settled}, ${settled}),
      (${id}, ${laterAction?.id}, 'bnpl', 2, 109800, 'succeeded', null, 'cs_c', null, true, ${settled}, ${settled})`);
    const [source] = await rows<{ id: string }>(
      db,
      sql`insert into payment_sources (customer_id, gateway_payment_method_id, brand, last4, expiry_month, expiry_year)
          values (${id}, 'pm_card', 'Visa', '4242', 12, 2030) returning id`,
    );
    await db.execute(sql`insert into charges
      (customer_id, idempotency_key, purpose, amount, status, payment_source_id, intent)
      values (${id}, 'quote-1', 'subscription_change', 3000, 'pending', ${source?.id},
        ${JSON.stringify({ kind: 'subscription_change', invoice: { description: 'Plan', lines: [], serviceDate: '2026-03-10', providerName: null } })}::jsonb)`);

    await migrate(db as never, { migrationsFolder });

    const ledger = await rows<Record<string, unknown>>(
      db,
      sql`select purpose, reference, idempotency_key, method, amount, status, payment_method_id,
                 gateway_charge_id, processor_reason, fulfilled_at is not null as fulfilled,
                 invoice is not null as has_invoice_draft, intent ? 'invoice' as intent_invoice
          from charges order by amount desc, idempotency_key`,
    );
    expect(ledger).toEqual([
      {
        purpose: 'bulk_order',
        reference: action?.id,
        idempotency_key: `bulk:${action?.id}:pm_a`,
        method: 'card',
        amount: 149_700,
        status: 'succeeded',
        payment_method_id: 'pm_a',
        gateway_charge_id: 'ch_a',
        processor_reason: null,
        fulfilled: true,
        has_invoice_draft: true,
        intent_invoice: false,
      },
      {
        purpose: 'bulk_order',
        reference: declinedAction?.id,
        idempotency_key: `bulk:${declinedAction?.id}:pm_b`,
        method: 'card',
        amount: 109_800,
        status: 'declined',
        payment_method_id: 'pm_b',
        gateway_charge_id: 'ch_b',
        processor_reason: 'insufficientFunds',
        fulfilled: false,
        has_invoice_draft: true,
        intent_invoice: false,
      },
      {
        purpose: 'bulk_order',
        reference: laterAction?.id,
        idempotency_key: 'checkout:cs_c',
        method: 'checkout',
        amount: 109_800,
        status: 'succeeded',
        payment_method_id: null,
        gateway_charge_id: 'cs_c',
        processor_reason: null,
        fulfilled: true,
        has_invoice_draft: true,
        intent_invoice: false,
      },
      {
        purpose: 'subscription_change',
        reference: null,
        idempotency_key: 'quote-1',
        method: 'card',
        amount: 3000,
        status: 'pending',
        payment_method_id: 'pm_card',
        gateway_charge_id: null,
        processor_reason: null,
        fulfilled: false,
        has_invoice_draft: true,
        intent_invoice: false,
      },
    ]);
    // The paid ones have their invoice; the declined one and the pending one have none yet.
    const issued = await rows<Record<string, unknown>>(
      db,
      sql`select c.amount, i.status, i.total, i.amount_paid, i.description, i.service_date::text as service_date
          from invoices i join charges c on c.id = i.charge_id order by c.amount desc`,
    );
    expect(issued).toEqual([
      {
        amount: 149_700,
        status: 'paid',
        total: 149_700,
        amount_paid: 149_700,
        description: 'Bulk semaglutide, 3 vials',
        service_date: '2026-03-10',
      },
      {
        amount: 109_800,
        status: 'paid',
        total: 109_800,
        amount_paid: 109_800,
        description: 'Bulk semaglutide, 2 vials',
        service_date: '2026-03-10',
      },
    ]);
    const [paidOrder] = await rows<{ status: string; paid_at: Date | string }>(
      db,
      sql`select status, paid_at from bulk_orders where id = ${order?.id}`,
    );
    expect(paidOrder?.status).toBe('paid');
    expect(new Date(paidOrder?.paid_at ?? 0).toISOString()).toBe(settled.toISOString());
    const [gone] = await rows<{ table: string | null }>(
      db,
      sql`select to_regclass('public.bulk_charges')::text as table`,
    );
    expect(gone?.table).toBeNull();
  }, 120_000);
});
