import {
  FORM_REVIEW_KINDS,
  NO_WEIGHT_DAYS,
  QUEUE_CLAIM_TTL_MS,
  SHIPMENT_STALLED_DAYS,
  type QueueKind,
} from '@portal/domain';
import { and, eq, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { careQueueClaims } from '../../db/schema/staff';

/*
 * The care queue's read model (issue 41): one statement over the rows that wait on a person,
 * paged, counted and searched by the database, so 10,000 items cost one round trip and a page.
 *
 * Why this store reads other areas' tables: the queue is a projection across seven of them,
 * ordered and paged as one list. Through each area's service it would be seven unpaged reads
 * merged in memory on every page turn. The branches only read, by the tables' own names, and
 * every change to those rows still goes through the owning service (the queue's actions are
 * the existing staff routes). A branch here must change with its area's meaning of "waiting":
 * form_care_tasks.status, form_responses.reviewed_at, id_verifications.status,
 * bulk_orders.status, shipment events, invoices.status with the renewal charges' keys,
 * charges.attention, measurements.
 */

export interface QueueFilter {
  kind?: QueueKind | undefined;
  search?: string | undefined;
  urgentOnly?: boolean | undefined;
  page: number;
  pageSize: number;
}

/** One row of the page as the statement builds it (JSON: times are strings). */
export interface QueueRowJson {
  kind: QueueKind;
  source_id: string;
  urgent: boolean;
  since: string;
  /** What the item is, by kind (itemsCte): two ids, a number, a word, a flag. */
  a: string | null;
  b: string | null;
  n: number | null;
  t: string | null;
  f: boolean;
  customer: { id: string; firstName: string; lastName: string; email: string };
  claim: { staffId: string; claimedAt: string; staffEmail: string | null } | null;
}

export interface QueuePageJson {
  counts: Partial<Record<QueueKind, number>> | null;
  items: QueueRowJson[] | null;
}

export type ClaimRow = typeof careQueueClaims.$inferSelect;

const DAY_MS = 24 * 60 * 60_000;

/** `%text%` for ILIKE, the pattern characters in the search taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The rows waiting on a person, slim: kind, source id, customer, urgency, since, and up to two
 * ids (`a`, `b`), a number (`n`), a word (`t`) and a flag (`f`) that say what the item is. The
 * console's JSON is built for the page's rows only (pageJson), not for all of them.
 */
function itemsCte(now: Date): SQL {
  const stalledBefore = new Date(now.getTime() - SHIPMENT_STALLED_DAYS * DAY_MS);
  const weighedBefore = new Date(now.getTime() - NO_WEIGHT_DAYS * DAY_MS);
  const weighedSince = weighedBefore.toISOString().slice(0, 10);
  return sql`
    select 'side_effect' as kind, t.id as source_id, t.customer_id, t.priority = 'urgent' as urgent,
      t.created_at as since, t.response_id as a, null::uuid as b, null::int as n, t.priority as t,
      false as f
    from form_care_tasks t where t.status = 'open'
    union all
    select 'id_verification', v.id, v.customer_id, false, coalesce(v.submitted_at, v.updated_at),
      null, null, null, null, false
    from id_verifications v where v.status = 'in_review'
    union all
    select 'bulk_order', b.id, b.customer_id, false, b.created_at, null, null, b.vial_count,
      b.encounter, false
    from bulk_orders b where b.status = 'awaiting_approval'
    union all
    select 'form_review', r.id, r.customer_id, false, coalesce(r.completed_at, r.updated_at),
      null, null, null, d.title, false
    from form_responses r join form_definitions d on d.id = r.definition_id
    where r.status = 'completed' and r.reviewed_at is null
      and d.kind in (${sql.join(
        FORM_REVIEW_KINDS.map((kind) => sql`${kind}`),
        sql`, `,
      )})
    union all
    select 'shipment', s.id, s.customer_id, false, coalesce(e.occurred_at, s.shipped_at),
      s.prescription_id, null, null, s.carrier, e.status is not distinct from 'return_to_sender'
    from shipments s
    left join lateral (
      select se.status, se.occurred_at from shipment_events se
      where se.shipment_id = s.id order by se.occurred_at desc limit 1
    ) e on true
    where s.delivered_at is null and s.shipped_at is not null
      and (e.status is not distinct from 'return_to_sender'
        or (coalesce(e.status, '') not in ('delivered', 'cancelled_by_carrier')
          and coalesce(e.occurred_at, s.shipped_at) < ${stalledBefore}))
    union all
    select 'renewal_failed', c.id, c.customer_id, false, i.issued_at, i.id, c.subscription_id,
      c.amount, 'declined', false
    from invoices i join charges c on c.id = i.charge_id
    where i.status = 'payment_due' and c.purpose = 'renewal' and c.status = 'declined'
      -- Still due: the period's attempts are keyed renewal:<contract>:<period>:<n> with n
      -- counting up (billing/renewals.ts), so a later attempt is the key of attempt n + 1,
      -- found through the keys' unique index.
      and not exists (
        select 1 from charges l
        where l.idempotency_key = regexp_replace(c.idempotency_key, '[0-9]+$', '')
          || (substring(c.idempotency_key from '[0-9]+$')::int + 1)::text
      )
    union all
    select 'renewal_failed', c.id, c.customer_id, false, c.attention_at, null, null, c.amount,
      c.attention, false
    from charges c where c.attention is not null and c.attention_resolved_at is null
    union all
    -- Set-based: the active plans, less everyone weighed inside the window (an anti-join), and
    -- only then each one's last weight.
    select 'no_weight', cu.id, cu.id, false,
      greatest(lw.last_on::timestamp at time zone 'UTC', s.active_since)
        + ${`${String(NO_WEIGHT_DAYS)} days`}::interval,
      null, null, null, lw.last_on::text, false
    from customers cu
    join (
      select su.customer_id, min(su.created_at) as active_since from subscriptions su
      where su.status = 'active' group by su.customer_id
    ) s on s.customer_id = cu.id
    left join lateral (
      select max(m.recorded_at) as last_on from measurements m
      where m.customer_id = cu.id and m.type = 'weight'
    ) lw on true
    where cu.deleted_at is null and s.active_since <= ${weighedBefore}
      and not exists (
        select 1 from measurements r
        where r.customer_id = cu.id and r.type = 'weight' and r.recorded_at > ${weighedSince}::date
      )`;
}

/** The page statement (exported for the bench's EXPLAIN). */
export function pageStatement(filter: QueueFilter, now: Date): SQL {
  const liveAfter = new Date(now.getTime() - QUEUE_CLAIM_TTL_MS);
  const where: SQL[] = [sql`true`];
  if (filter.urgentOnly) where.push(sql`i.urgent`);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    where.push(
      sql`(cu.first_name || ' ' || cu.last_name ilike ${pattern} or cu.email ilike ${pattern})`,
    );
  }
  const ofKind = filter.kind ? sql`where f.kind = ${filter.kind}` : sql``;
  return sql`
    with items as (${itemsCte(now)}),
    filtered as materialized (
      select i.*, cu.first_name, cu.last_name, cu.email from items i
      join customers cu on cu.id = i.customer_id
      where ${sql.join(where, sql` and `)}
    ),
    paged as (
      select f.* from filtered f ${ofKind}
      order by f.urgent desc, f.since asc, f.kind, f.source_id
      limit ${filter.pageSize} offset ${filter.page * filter.pageSize}
    )
    select
      (select jsonb_object_agg(kind, n) from (
        select kind, count(*)::int as n from filtered group by kind) k) as counts,
      (select jsonb_agg(jsonb_build_object(
          'kind', p.kind, 'source_id', p.source_id, 'urgent', p.urgent, 'since', p.since,
          'a', p.a, 'b', p.b, 'n', p.n, 't', p.t, 'f', p.f,
          'customer', jsonb_build_object('id', p.customer_id, 'firstName', p.first_name,
            'lastName', p.last_name, 'email', p.email),
          'claim', case when cl.item_key is null then null else jsonb_build_object(
            'staffId', cl.staff_id, 'claimedAt', cl.claimed_at, 'staffEmail', u.email) end)
        order by p.urgent desc, p.since asc, p.kind, p.source_id)
       from paged p
       left join care_queue_claims cl
         on cl.item_key = p.kind || ':' || p.source_id and cl.claimed_at > ${liveAfter}
       left join identity_users u on u.id::text = cl.staff_id) as items`;
}

/** The only place with SQL for the care queue and its claims. */
export class QueueStore {
  constructor(private readonly db: Db) {}

  /** A page of the queue and the counts per kind, under the filter (one statement). */
  async page(filter: QueueFilter, now: Date): Promise<QueuePageJson> {
    const result = (await this.db.execute(pageStatement(filter, now))) as {
      rows: QueuePageJson[];
    };
    return result.rows[0] ?? { counts: null, items: null };
  }

  /** The customer of the item `<kind>:<source id>` while it is in the queue, else undefined. */
  async itemCustomer(key: string, now: Date): Promise<string | undefined> {
    const at = key.indexOf(':');
    const result = (await this.db.execute(sql`
      select i.customer_id from (${itemsCte(now)}) i
      where i.kind = ${key.slice(0, at)} and i.source_id = ${key.slice(at + 1)}::uuid
      limit 1`)) as { rows: { customer_id: string }[] };
    return result.rows[0]?.customer_id;
  }

  /**
   * Takes or renews the claim: inserted, or updated when the row is the same staff member's,
   * long gone, or taken over. No row back means someone else holds a live claim (the primary
   * key and the condition judge two claims at once; nothing is read first).
   */
  async claim(
    itemKey: string,
    staffId: string,
    now: Date,
    takeOver: boolean,
  ): Promise<ClaimRow | undefined> {
    const liveAfter = new Date(now.getTime() - QUEUE_CLAIM_TTL_MS);
    const [row] = await this.db
      .insert(careQueueClaims)
      .values({ itemKey, staffId, claimedAt: now })
      .onConflictDoUpdate({
        target: careQueueClaims.itemKey,
        set: { staffId, claimedAt: now },
        setWhere: takeOver
          ? undefined
          : or(eq(careQueueClaims.staffId, staffId), lte(careQueueClaims.claimedAt, liveAfter)),
      })
      .returning();
    return row;
  }

  async claimOf(itemKey: string): Promise<ClaimRow | undefined> {
    const [row] = await this.db
      .select()
      .from(careQueueClaims)
      .where(eq(careQueueClaims.itemKey, itemKey));
    return row;
  }

  /** Drops the staff member's own claim; false when they hold none. */
  async release(itemKey: string, staffId: string): Promise<boolean> {
    const rows = await this.db
      .delete(careQueueClaims)
      .where(and(eq(careQueueClaims.itemKey, itemKey), eq(careQueueClaims.staffId, staffId)))
      .returning({ itemKey: careQueueClaims.itemKey });
    return rows.length > 0;
  }

  /** The item is done: whoever held it, its claim goes. */
  async clear(itemKey: string): Promise<void> {
    await this.db.delete(careQueueClaims).where(eq(careQueueClaims.itemKey, itemKey));
  }

  /**
   * Staff members' names by id, as the console shows who is on an item or decided it: first
   * and last name (staff_members), else the sign-in email of an account without a name.
   */
  async staffNames(ids: string[]): Promise<Map<string, string>> {
    const uuids = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
    if (uuids.length === 0) return new Map();
    const result = (await this.db.execute(sql`
      select u.id::text as id,
        coalesce(nullif(trim(concat_ws(' ', m.first_name, m.last_name)), ''), u.email) as name
      from identity_users u left join staff_members m on m.user_id = u.id
      where u.id in (${sql.join(
        uuids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and u.role = 'staff'`)) as { rows: { id: string; name: string }[] };
    return new Map(result.rows.map((r) => [r.id, r.name]));
  }
}
