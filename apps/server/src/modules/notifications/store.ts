import {
  and,
  desc,
  eq,
  gt,
  isNull,
  lte,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { customerNotifications } from '../../db/schema/notifications';

export type NotificationRow = typeof customerNotifications.$inferSelect;
export type NotificationInsert = typeof customerNotifications.$inferInsert;

/** Shown now: not deleted, past show_after (or none), before expire_at (or none). */
function visibleAt(now: Date | Placeholder): SQL {
  const n = customerNotifications;
  return and(
    ne(n.status, 'deleted'),
    or(isNull(n.showAfter), lte(n.showAfter, now)),
    or(isNull(n.expireAt), gt(n.expireAt, now)),
  ) as SQL;
}

/** The only place with SQL for customer notifications. */
export class NotificationStore {
  constructor(private readonly db: Db) {}

  /** The same store over a transaction (UnitOfWork's `tx`). */
  in(tx: Db): NotificationStore {
    return new NotificationStore(tx);
  }

  /**
   * listVisible's statements, built once (db/prepared.ts): home asks for the customer's
   * notifications three times on every load (all of them, lab results, contract banners).
   */
  private readonly visible = preparedOnce(() => this.visibleQuery(false));
  private readonly visibleOfType = preparedOnce(() => this.visibleQuery(true));

  private visibleQuery(ofType: boolean) {
    const n = customerNotifications;
    return this.db
      .select()
      .from(n)
      .where(
        and(
          eq(n.customerId, sql.placeholder('customerId')),
          visibleAt(sql.placeholder('now')),
          ofType ? eq(n.type, sql.placeholder('type')) : undefined,
        ),
      )
      .orderBy(desc(n.date), desc(n.createdAt), desc(n.id))
      .prepare(ofType ? 'notifications_visible_of_type' : 'notifications_visible');
  }

  /** The customer's notifications shown at `now`, newest first; optionally of one type. */
  async listVisible(customerId: string, now: Date, type?: string): Promise<NotificationRow[]> {
    return type === undefined
      ? this.visible().execute({ customerId, now })
      : this.visibleOfType().execute({ customerId, now, type });
  }

  /** One of the customer's notifications if it is shown at `now`. */
  async findVisible(
    customerId: string,
    id: string,
    now: Date,
  ): Promise<NotificationRow | undefined> {
    const n = customerNotifications;
    const [row] = await this.db
      .select()
      .from(n)
      .where(and(eq(n.id, id), eq(n.customerId, customerId), visibleAt(now)));
    return row;
  }

  /**
   * Sets the status of one of the customer's own notifications in one statement: the customer
   * id in the WHERE clause is what keeps another customer's row out of reach.
   */
  async updateStatus(
    customerId: string,
    id: string,
    status: NotificationRow['status'],
    now: Date,
  ): Promise<NotificationRow | undefined> {
    const n = customerNotifications;
    const [row] = await this.db
      .update(n)
      .set({ status, updatedAt: now })
      .where(and(eq(n.id, id), eq(n.customerId, customerId), ne(n.status, 'deleted')))
      .returning();
    return row;
  }

  /** The customer's unread notices of a type whose action opens `url`, marked read. */
  markReadByActionUrl(customerId: string, type: string, url: string, now: Date) {
    return this.setStatusByActionUrl(customerId, type, url, 'read', now);
  }

  /** Removes (status deleted) the customer's notifications of a type that open this url. */
  deleteByActionUrl(customerId: string, type: string, url: string, now: Date) {
    return this.setStatusByActionUrl(customerId, type, url, 'deleted', now);
  }

  /** Moves the customer's notices of a type that open `url` forward: unread → read, any → deleted. */
  private setStatusByActionUrl(
    customerId: string,
    type: string,
    url: string,
    status: 'read' | 'deleted',
    now: Date,
  ): Promise<NotificationRow[]> {
    const n = customerNotifications;
    return this.db
      .update(n)
      .set({ status, updatedAt: now })
      .where(
        and(
          eq(n.customerId, customerId),
          eq(n.type, type),
          status === 'read' ? eq(n.status, 'unread') : ne(n.status, 'deleted'),
          sql`${n.action}->>'url' = ${url}`,
        ),
      )
      .returning();
  }

  async insert(values: NotificationInsert): Promise<NotificationRow> {
    const [row] = await this.db.insert(customerNotifications).values(values).returning();
    if (!row) throw new Error('notification not inserted');
    return row;
  }

  /** The customer's open notices of a type (not completed, not deleted), set to a status. */
  settleByType(
    customerId: string,
    type: string,
    status: NotificationRow['status'],
    now: Date,
  ): Promise<NotificationRow[]> {
    const n = customerNotifications;
    return this.db
      .update(n)
      .set({ status, updatedAt: now })
      .where(
        and(
          eq(n.customerId, customerId),
          eq(n.type, type),
          sql`${n.status} not in ('action_completed', 'deleted')`,
        ),
      )
      .returning();
  }
}
