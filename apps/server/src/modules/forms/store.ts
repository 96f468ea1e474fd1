import { FORM_REVIEW_KINDS } from '@portal/domain';
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  formCareTasks,
  formDefinitions,
  formResponses,
  idVerifications,
} from '../../db/schema/forms';

export type DefinitionRow = typeof formDefinitions.$inferSelect;
export type ResponseRow = typeof formResponses.$inferSelect;
export type CareTaskRow = typeof formCareTasks.$inferSelect;
export type IdVerificationRow = typeof idVerifications.$inferSelect;

/** The only place with SQL for form definitions, responses, care tasks and ID checks. */
export class FormStore {
  constructor(private readonly db: Db) {}

  in(tx: Db): FormStore {
    return new FormStore(tx);
  }

  /**
   * The newest version of a form by its short id. Versions seeded in one start share a
   * timestamp, so the version itself breaks the tie (by length first: "10" after "9").
   */
  async latestDefinition(shortId: string): Promise<DefinitionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(formDefinitions)
      .where(eq(formDefinitions.shortId, shortId))
      .orderBy(
        desc(formDefinitions.createdAt),
        desc(sql`length(${formDefinitions.version})`),
        desc(formDefinitions.version),
      )
      .limit(1);
    return row;
  }

  async definitionById(id: string): Promise<DefinitionRow | undefined> {
    const [row] = await this.db.select().from(formDefinitions).where(eq(formDefinitions.id, id));
    return row;
  }

  /** Stores a version; an existing url|version is left as it was (a version never changes). */
  async insertDefinition(row: typeof formDefinitions.$inferInsert): Promise<void> {
    await this.db.insert(formDefinitions).values(row).onConflictDoNothing();
  }

  async response(customerId: string, id: string): Promise<ResponseRow | undefined> {
    const [row] = await this.db
      .select()
      .from(formResponses)
      .where(and(eq(formResponses.id, id), eq(formResponses.customerId, customerId)));
    return row;
  }

  /** The customer's responses, newest first, narrowed by form, appointment or follow-up. */
  responses(
    customerId: string,
    filter: { shortId?: string; appointmentId?: string; followUpId?: string; status?: string },
  ): Promise<ResponseRow[]> {
    const where: SQL[] = [eq(formResponses.customerId, customerId)];
    if (filter.shortId) where.push(eq(formResponses.shortId, filter.shortId));
    if (filter.appointmentId) where.push(eq(formResponses.appointmentId, filter.appointmentId));
    if (filter.followUpId) where.push(eq(formResponses.followUpId, filter.followUpId));
    if (filter.status) where.push(eq(formResponses.status, filter.status));
    return this.db
      .select()
      .from(formResponses)
      .where(and(...where))
      .orderBy(desc(formResponses.updatedAt))
      .limit(100);
  }

  /** The open response of a form for the same appointment or follow-up (or for neither). */
  async openResponse(
    customerId: string,
    shortId: string,
    appointmentId: string | null,
    followUpId: string | null,
  ): Promise<ResponseRow | undefined> {
    const [row] = await this.db
      .select()
      .from(formResponses)
      .where(
        and(
          eq(formResponses.customerId, customerId),
          eq(formResponses.shortId, shortId),
          eq(formResponses.status, 'in-progress'),
          appointmentId
            ? eq(formResponses.appointmentId, appointmentId)
            : isNull(formResponses.appointmentId),
          followUpId ? eq(formResponses.followUpId, followUpId) : isNull(formResponses.followUpId),
        ),
      )
      .orderBy(desc(formResponses.updatedAt))
      .limit(1);
    return row;
  }

  async insertResponse(row: typeof formResponses.$inferInsert): Promise<ResponseRow> {
    const [inserted] = await this.db.insert(formResponses).values(row).returning();
    if (!inserted) throw new Error('response not inserted');
    return inserted;
  }

  /** Updates an in-progress response of the customer; undefined when it is not (any more). */
  async updateOpenResponse(
    customerId: string,
    id: string,
    values: Partial<typeof formResponses.$inferInsert>,
  ): Promise<ResponseRow | undefined> {
    const [row] = await this.db
      .update(formResponses)
      .set(values)
      .where(
        and(
          eq(formResponses.id, id),
          eq(formResponses.customerId, customerId),
          eq(formResponses.status, 'in-progress'),
        ),
      )
      .returning();
    return row;
  }

  async insertCareTask(row: typeof formCareTasks.$inferInsert): Promise<CareTaskRow | undefined> {
    const [inserted] = await this.db
      .insert(formCareTasks)
      .values(row)
      .onConflictDoNothing()
      .returning();
    return inserted;
  }

  /** open → done, once (the condition decides between two staff members at once). */
  async resolveCareTask(
    id: string,
    resolvedBy: string | null,
    now: Date,
  ): Promise<CareTaskRow | undefined> {
    const [row] = await this.db
      .update(formCareTasks)
      .set({ status: 'done', resolvedBy, resolvedAt: now })
      .where(and(eq(formCareTasks.id, id), eq(formCareTasks.status, 'open')))
      .returning();
    return row;
  }

  /**
   * A submitted form of a kind a provider reads (FORM_REVIEW_KINDS) → reviewed, once: the
   * condition decides between two staff members at once, nothing is read first.
   */
  async markReviewed(
    id: string,
    reviewedBy: string | null,
    now: Date,
  ): Promise<ResponseRow | undefined> {
    const [row] = await this.db
      .update(formResponses)
      .set({ reviewedAt: now, reviewedBy })
      .where(
        and(
          eq(formResponses.id, id),
          eq(formResponses.status, 'completed'),
          isNull(formResponses.reviewedAt),
          inArray(
            formResponses.definitionId,
            this.db
              .select({ id: formDefinitions.id })
              .from(formDefinitions)
              .where(inArray(formDefinitions.kind, [...FORM_REVIEW_KINDS])),
          ),
        ),
      )
      .returning();
    return row;
  }

  /** A response by id alone (the staff API's; a customer's reads go through `response`). */
  async responseById(id: string): Promise<ResponseRow | undefined> {
    const [row] = await this.db.select().from(formResponses).where(eq(formResponses.id, id));
    return row;
  }

  async careTaskById(id: string): Promise<CareTaskRow | undefined> {
    const [row] = await this.db.select().from(formCareTasks).where(eq(formCareTasks.id, id));
    return row;
  }

  careTasks(filter: { status?: string; customerId?: string }): Promise<CareTaskRow[]> {
    const where: SQL[] = [];
    if (filter.status) where.push(eq(formCareTasks.status, filter.status));
    if (filter.customerId) where.push(eq(formCareTasks.customerId, filter.customerId));
    return this.db
      .select()
      .from(formCareTasks)
      .where(and(...where))
      .orderBy(desc(formCareTasks.createdAt))
      .limit(200);
  }

  async latestIdVerification(customerId: string): Promise<IdVerificationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(idVerifications)
      .where(eq(idVerifications.customerId, customerId))
      .orderBy(desc(idVerifications.createdAt))
      .limit(1);
    return row;
  }

  async idVerificationById(id: string): Promise<IdVerificationRow | undefined> {
    const [row] = await this.db.select().from(idVerifications).where(eq(idVerifications.id, id));
    return row;
  }

  idVerifications(status: string | undefined): Promise<IdVerificationRow[]> {
    return this.db
      .select()
      .from(idVerifications)
      .where(status ? eq(idVerifications.status, status) : undefined)
      .orderBy(desc(idVerifications.updatedAt))
      .limit(200);
  }

  async insertIdVerification(row: typeof idVerifications.$inferInsert): Promise<IdVerificationRow> {
    const [inserted] = await this.db.insert(idVerifications).values(row).returning();
    if (!inserted) throw new Error('ID check not inserted');
    return inserted;
  }

  /** Updates an ID check that is still in one of `from`; undefined otherwise. */
  async updateIdVerification(
    id: string,
    from: readonly string[],
    values: Partial<typeof idVerifications.$inferInsert>,
  ): Promise<IdVerificationRow | undefined> {
    const current = await this.idVerificationById(id);
    if (!current || !from.includes(current.status)) return undefined;
    const [row] = await this.db
      .update(idVerifications)
      .set(values)
      .where(and(eq(idVerifications.id, id), eq(idVerifications.status, current.status)))
      .returning();
    return row;
  }

  /** Every response of the customer's, answers only (what the upload clean-up reads). */
  responseBodies(customerId: string): Promise<{ response: unknown }[]> {
    return this.db
      .select({ response: formResponses.response })
      .from(formResponses)
      .where(eq(formResponses.customerId, customerId));
  }

  /** The documents the customer's ID checks hold (front, back, selfie of each). */
  async idCheckDocumentIds(customerId: string): Promise<string[]> {
    const rows = await this.db
      .select({
        front: idVerifications.frontDocumentId,
        back: idVerifications.backDocumentId,
        selfie: idVerifications.selfieDocumentId,
      })
      .from(idVerifications)
      .where(eq(idVerifications.customerId, customerId));
    return rows.flatMap((r) => [r.front, r.back, r.selfie]).filter((d): d is string => d !== null);
  }
}
