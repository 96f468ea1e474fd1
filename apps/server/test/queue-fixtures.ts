import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/*
 * Rows that put items in the care queue, one statement per kind, for the queue's tests and its
 * bench (which seeds 10,000 of them). Test-and-bench code: nothing in the app imports it. Raw
 * SQL by table name, so it can live beside the queue without reaching into other areas' schema
 * files, and so the bench seeds thousands of rows with one statement per kind.
 */

const DAY_MS = 24 * 60 * 60_000;

export interface QueueSeed {
  /** Customers to spread the items over. */
  customerIds: string[];
  /** When the oldest item started waiting; item n waits since `oldest + n minutes`. */
  oldest: Date;
  /** The clock's now (shipments and weights are judged against it). */
  now: Date;
}

/** n items of a kind, round-robin over the seed's customers; returns their source ids. */
export async function seedQueueItems(
  db: Db,
  kind:
    | 'side_effect_urgent'
    | 'side_effect'
    | 'id_verification'
    | 'bulk_order'
    | 'shipment_stalled'
    | 'shipment_returned'
    | 'renewal_failed'
    | 'attention',
  n: number,
  seed: QueueSeed,
): Promise<string[]> {
  const ids = Array.from({ length: n }, () => randomUUID());
  const rows = ids.map((id, i) => ({
    id,
    customer: seed.customerIds[i % seed.customerIds.length] ?? '',
    at: new Date(seed.oldest.getTime() + i * 60_000).toISOString(),
  }));
  const input = sql`(select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
    as r(id uuid, customer uuid, at timestamptz))`;
  const stalledAt = new Date(seed.now.getTime() - 10 * DAY_MS).toISOString();
  switch (kind) {
    case 'side_effect_urgent':
    case 'side_effect': {
      const priority = kind === 'side_effect' ? 'routine' : 'urgent';
      // The app seeds its form definitions at start; a bare database (the bench's EXPLAIN) has
      // none, so the responses point at a definition of their own.
      await db.execute(sql`
        insert into form_definitions (short_id, url, version, kind, title, questionnaire)
        values ('queue-fixture', 'urn:portal:queue-fixture', '1', 'check_in', 'Fixture', '{}')
        on conflict (url, version) do nothing`);
      await db.execute(sql`
        with r as ${input}, def as (select id from form_definitions where url = 'urn:portal:queue-fixture'),
        resp as (
          insert into form_responses (id, customer_id, definition_id, short_id, status, response)
          select r.id, r.customer, (select id from def), 'side-effect-check-in', 'completed', '{}'
          from r returning id)
        insert into form_care_tasks (id, customer_id, response_id, priority, status, summary,
          created_at)
        select r.id, r.customer, r.id, ${priority}, 'open', '{}', r.at from r`);
      break;
    }
    case 'id_verification':
      await db.execute(sql`
        insert into id_verifications (id, customer_id, status, submitted_at)
        select r.id, r.customer, 'in_review', r.at from ${input} r`);
      break;
    case 'bulk_order':
      await db.execute(sql`
        insert into bulk_orders (id, customer_id, vial_count, treatment_short_id, encounter,
          created_at)
        select r.id, r.customer, 3, 'semaglutide', 'async', r.at from ${input} r`);
      break;
    case 'shipment_stalled':
    case 'shipment_returned':
      await db.execute(sql`
        with r as ${input},
        rx as (insert into prescriptions (id, customer_id) select r.id, r.customer from r),
        sh as (
          insert into shipments (id, prescription_id, customer_id, carrier, shipped_at)
          select r.id, r.id, r.customer, 'usps', ${stalledAt}::timestamptz from r)
        insert into shipment_events (shipment_id, raw_status, status, occurred_at, source)
        select r.id, ${kind === 'shipment_returned' ? 'return_to_sender' : 'in_transit'},
          ${kind === 'shipment_returned' ? 'return_to_sender' : 'in_transit'}, r.at, 'staff'
        from r`);
      break;
    case 'renewal_failed':
      await db.execute(sql`
        with r as ${input},
        ch as (
          insert into charges (id, customer_id, purpose, idempotency_key, amount, status, intent,
            created_at)
          select r.id, r.customer, 'renewal', 'renewal:' || r.id || ':2026-11:1', 29900,
            'declined', '{}', r.at from r)
        insert into invoices (customer_id, charge_id, status, description, total, amount_paid,
          lines, service_date, issued_at, updated_at)
        select r.customer, r.id, 'payment_due', 'Renewal', 29900, 0, '[]', '2026-11-01', r.at, r.at
        from r`);
      break;
    case 'attention':
      await db.execute(sql`
        insert into charges (id, customer_id, purpose, idempotency_key, method, amount, status,
          intent, attention, attention_details, attention_at)
        select r.id, r.customer, 'bulk_order', 'checkout:' || r.id, 'checkout', 10000, 'succeeded',
          '{}', 'notApplied', '{}', r.at from ${input} r`);
      break;
  }
  return ids;
}

/** Makes the customers' active plans older than the no-weight window, with no weights. */
export async function ageActivePlans(db: Db, customerIds: string[], since: Date): Promise<void> {
  await db.execute(sql`
    update subscriptions set created_at = ${since.toISOString()}::timestamptz
    where status = 'active' and customer_id in (${sql.join(
      customerIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
}
