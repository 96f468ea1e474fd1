import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditedCte, type AuditValues } from '../platform/audit';
import { preparedOnce } from '../db/prepared';
import { oneTimeCodes, refreshTokens, sessions, users } from '../db/schema/identity';

export type User = typeof users.$inferSelect;
export type CodePurpose = (typeof oneTimeCodes.$inferSelect)['purpose'];

/** What a new session is written with (every column a placeholder of insertSession's). */
export interface NewSession {
  id?: string;
  userId: string;
  expiresAt: Date;
  authenticatedAt: Date;
  createdAt: Date;
  lastUsedAt: Date;
  userAgent: string | null;
  ip: string | null;
}

const SESSION_PLACEHOLDERS = {
  id: sql.placeholder('id'),
  userId: sql.placeholder('userId'),
  expiresAt: sql.placeholder('expiresAt'),
  authenticatedAt: sql.placeholder('authenticatedAt'),
  createdAt: sql.placeholder('createdAt'),
  lastUsedAt: sql.placeholder('lastUsedAt'),
  userAgent: sql.placeholder('userAgent'),
  ip: sql.placeholder('ip'),
};

/**
 * The only place with SQL for identity's own tables. A login's customer record is the customers
 * module's (CustomerDirectory); the sign-in's audit row is platform/audit.ts's statement.
 */
export class IdentityStore {
  constructor(private readonly db: Db) {}

  // Every sign-in and every signed-in request run these: built once (db/prepared.ts).
  private readonly userByEmail = preparedOnce(() =>
    this.db
      .select()
      .from(users)
      .where(
        and(
          eq(users.tenantId, sql.placeholder('tenantId')),
          eq(users.email, sql.placeholder('email')),
        ),
      )
      .prepare('identity_user_by_email'),
  );

  private readonly sessionExpiry = preparedOnce(() =>
    this.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, sql.placeholder('userId')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
          isNull(users.disabledAt),
        ),
      )
      .prepare('identity_session_expiry'),
  );

  /** The new session's first refresh token, as a data-modifying CTE beside its insert. */
  private storedRefreshToken() {
    return this.db.$with('stored').as(
      this.db
        .insert(refreshTokens)
        .values({ sessionId: sql.placeholder('id'), tokenHash: sql.placeholder('tokenHash') })
        .returning({ id: refreshTokens.id }),
    );
  }

  /** A session with its first refresh token (one statement): a re-authentication opens one. */
  private readonly sessionWithRefresh = preparedOnce(() =>
    this.db
      .with(this.storedRefreshToken())
      .insert(sessions)
      .values(SESSION_PLACEHOLDERS)
      .returning()
      .prepare('identity_insert_session_with_refresh'),
  );

  /**
   * The same with the audit row of the sign-in that opens it: one statement, so the session
   * and its audit row are written in one transaction (a write keeps its audit row).
   */
  private readonly sessionWithRefreshAudited = preparedOnce(() =>
    this.db
      .with(this.storedRefreshToken(), auditedCte(this.db))
      .insert(sessions)
      .values(SESSION_PLACEHOLDERS)
      .returning()
      .prepare('identity_insert_session_with_refresh_audited'),
  );

  private readonly sessionAlone = preparedOnce(() =>
    this.db
      .insert(sessions)
      .values(SESSION_PLACEHOLDERS)
      .returning()
      .prepare('identity_insert_session'),
  );

  /** The same store over a transaction (UnitOfWork's `tx`). */
  in(tx: Db): IdentityStore {
    return new IdentityStore(tx);
  }

  async findUserByEmail(tenantId: string, email: string): Promise<User | undefined> {
    const [row] = await this.userByEmail().execute({ tenantId, email });
    return row;
  }

  async findUserById(id: string): Promise<User | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async findUserByGoogleSubject(subject: string): Promise<User | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.googleSubject, subject));
    return row;
  }

  /** Inserts a user; returns undefined when the email is taken (unique index, no read first). */
  async insertUser(values: typeof users.$inferInsert): Promise<User | undefined> {
    const [row] = await this.db.insert(users).values(values).onConflictDoNothing().returning();
    return row;
  }

  async updateUser(
    id: string,
    values: Partial<typeof users.$inferInsert>,
    now: Date,
  ): Promise<void> {
    await this.db
      .update(users)
      .set({ ...values, updatedAt: now })
      .where(eq(users.id, id));
  }

  async insertCode(
    userId: string,
    purpose: CodePurpose,
    codeHash: string,
    expiresAt: Date,
  ): Promise<void> {
    await this.db.insert(oneTimeCodes).values({ userId, purpose, codeHash, expiresAt });
  }

  async findCode(codeHash: string, purpose: CodePurpose) {
    const [row] = await this.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.codeHash, codeHash), eq(oneTimeCodes.purpose, purpose)));
    return row;
  }

  /** Spends a code: only one caller can win, because the check is in the UPDATE itself. */
  async spendCode(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(oneTimeCodes)
      .set({ usedAt: now })
      .where(
        and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, now)),
      )
      .returning({ id: oneTimeCodes.id });
    return rows.length === 1;
  }

  /** Ends every unused code of a purpose (delete-reset-password-links, or after a reset). */
  async expireCodes(userId: string, purpose: CodePurpose, now: Date): Promise<number> {
    const rows = await this.db
      .update(oneTimeCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(oneTimeCodes.userId, userId),
          eq(oneTimeCodes.purpose, purpose),
          isNull(oneTimeCodes.usedAt),
        ),
      )
      .returning({ id: oneTimeCodes.id });
    return rows.length;
  }

  /**
   * A session; with its first refresh token when `refreshHash` is given, and with the audit
   * row of the sign-in that opens it when `audit` is given too (one statement either way: the
   * inserts ride as data-modifying CTEs naming the session's id, which is chosen here). Without
   * a refresh token (staff sessions) it cannot be refreshed.
   */
  async insertSession(values: NewSession, refreshHash?: string, audit?: AuditValues) {
    const row = { ...values, id: values.id ?? randomUUID() };
    if (audit && !refreshHash) throw new Error('an audited session is written with its token');
    const [session] = audit
      ? await this.sessionWithRefreshAudited().execute({
          // The audit row's ip is `auditIp` (AUDIT_PLACEHOLDERS); the session's own is `ip`.
          ...audit,
          auditIp: audit.ip,
          ...row,
          tokenHash: refreshHash,
        })
      : refreshHash
        ? await this.sessionWithRefresh().execute({ ...row, tokenHash: refreshHash })
        : await this.sessionAlone().execute(row);
    if (!session) throw new Error('session insert returned nothing');
    return session;
  }

  async findSession(id: string) {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.id, id));
    return row;
  }

  async findRefreshToken(tokenHash: string) {
    const [row] = await this.db
      .select({ token: refreshTokens, session: sessions })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  }

  /**
   * Rotates a refresh token in one transaction: marks the old one rotated (only if it was not
   * already) and stores the next. Returns false when another request rotated it first.
   */
  async rotateRefreshToken(tokenId: string, sessionId: string, nextHash: string, now: Date) {
    return this.db.transaction(async (tx) => {
      const rotated = await tx
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.rotatedAt)))
        .returning({ id: refreshTokens.id });
      if (rotated.length !== 1) return false;
      await tx.insert(refreshTokens).values({ sessionId, tokenHash: nextHash });
      await tx.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));
      return true;
    });
  }

  /** Ends a session; returns its id when this call ended it (for the revocation event). */
  async revokeSession(id: string, reason: string, now: Date): Promise<string[]> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.map((row) => row.id);
  }

  /** Ends a user's sessions (but one); returns the ids this call ended. */
  async revokeUserSessions(
    userId: string,
    reason: string,
    now: Date,
    exceptSessionId?: string,
  ): Promise<string[]> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
        ),
      )
      .returning({ id: sessions.id });
    return rows.map((row) => row.id);
  }

  /** A session was used (token exchange): the server's idle limit counts from here. */
  async touchSession(sessionId: string, now: Date): Promise<void> {
    await this.db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));
  }

  async touchAuthentication(sessionId: string, now: Date): Promise<void> {
    await this.db.update(sessions).set({ authenticatedAt: now }).where(eq(sessions.id, sessionId));
  }

  /** Moves a login to a new email; false when another account holds it (the unique index). */
  async changeEmail(id: string, email: string, now: Date): Promise<boolean> {
    try {
      const rows = await this.db
        .update(users)
        .set({ email, emailVerifiedAt: now, updatedAt: now })
        .where(eq(users.id, id))
        .returning({ id: users.id });
      return rows.length === 1;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /**
   * Whether an access token's session still stands: the session is not revoked or expired and
   * its login is not disabled or deleted. One primary-key read per request (a join).
   */
  async sessionStands(userId: string, sessionId: string, now: Date): Promise<boolean> {
    return (await this.standingSessionExpiry(userId, sessionId, now)) !== undefined;
  }

  /** When a standing session expires; undefined when it does not stand (see sessionStands). */
  async standingSessionExpiry(
    userId: string,
    sessionId: string,
    now: Date,
  ): Promise<Date | undefined> {
    const [row] = await this.sessionExpiry().execute({ sessionId, userId, now });
    return row?.expiresAt;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
