import {
  DAY_MS,
  INACTIVITY_TIMEOUT_MS,
  TOKEN_EXCHANGE,
  type refreshTokenRequestSchema,
} from '@portal/domain';
import type { z } from 'zod';
import { auditValues, type AuditEntry, type AuditLog } from '../platform/audit';
import type { Clock } from '../platform/clock';
import type { CustomerDirectory } from './customer-directory';
import { IdentityError } from './errors';
import { hashSecret, newSecret } from './secrets';
import { SessionCache } from './session-cache';
import type { IdentityStore, User } from './store';
import { TOKEN_TTL_SECONDS, TokenError, type TokenService } from './tokens';

export interface RequestMeta {
  ip: string;
  userAgent?: string | undefined;
  requestId?: string | undefined;
}

export interface TokenPair {
  idToken: string;
  refreshToken: string;
  expiresIn: number;
}

/** A refresh token's absolute life; the idle limit below ends an unused session sooner. */
const SESSION_TTL_MS = 30 * DAY_MS;
/**
 * The server's own idle limit (spec 01 §4, HIPAA automatic logoff): a session not used (token
 * exchange or refresh) for longer than the portal's inactivity timeout cannot go on, whatever
 * the browser does.
 */
export const SESSION_IDLE_MS = INACTIVITY_TIMEOUT_MS;

/** The user and session behind a bearer ID token. */
export type Authenticated = Awaited<ReturnType<SessionService['authenticate']>>;

type RefreshInput = z.output<typeof refreshTokenRequestSchema>;

export interface SessionServiceDeps {
  store: IdentityStore;
  tokens: TokenService;
  customers: CustomerDirectory;
  audit: AuditLog;
  clock: Clock;
  /** After commit: ended sessions, so every instance closes their sockets (pub/sub). */
  onSessionsRevoked?: ((sessionIds: string[]) => Promise<void>) | undefined;
}

/**
 * Sessions: opened by a sign-in with their first refresh token, refreshed, ended; the session
 * of an ID or access token checked on every request; the ID token exchanged for an access
 * token. Whatever ends sessions says so through `ended`, so this instance stops trusting them
 * at once and the others when the event reaches them.
 */
export class SessionService {
  constructor(private readonly deps: SessionServiceDeps) {}

  /** Sessions that stood a moment ago (issue 16); ended ones are forgotten at once. */
  private readonly standing = new SessionCache(() => this.deps.clock.now().getTime());

  /** Sessions a change just ended (after its commit): refused here at once, then published. */
  async ended(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    this.standing.forget(sessionIds);
    await this.deps.onSessionsRevoked?.(sessionIds);
  }

  /** Ends one session (sign-out, idle, a re-authentication, a copied refresh token). */
  async end(sessionId: string, reason: string): Promise<void> {
    await this.ended(await this.deps.store.revokeSession(sessionId, reason, this.deps.clock.now()));
  }

  /**
   * Ended sessions (revoked here, by the account service, or on another instance: the live
   * updates' pub/sub carries the event): the next request on them asks the database again.
   */
  forgetSessions(sessionIds: readonly string[]): void {
    this.standing.forget(sessionIds);
  }

  private idle(session: { lastUsedAt: Date }, now: Date): boolean {
    return now.getTime() - session.lastUsedAt.getTime() > SESSION_IDLE_MS;
  }

  /**
   * A new session with its first refresh token. `audit`: the event that opens it (a sign-in),
   * written by the user in the same statement as the session.
   */
  async startSession(user: User, meta: RequestMeta, audit?: AuditEntry): Promise<TokenPair> {
    const now = this.deps.clock.now();
    const refreshToken = newSecret();
    const session = await this.deps.store.insertSession(
      {
        userId: user.id,
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
        authenticatedAt: now,
        createdAt: now,
        lastUsedAt: now,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        ip: meta.ip,
      },
      hashSecret(refreshToken),
      audit && auditValues({ type: user.role, id: user.id, ...meta }, audit),
    );
    return {
      idToken: await this.idTokenFor(user, session.id),
      refreshToken,
      expiresIn: TOKEN_TTL_SECONDS.id,
    };
  }

  private idTokenFor(user: User, sessionId: string): Promise<string> {
    return this.deps.tokens.issue('id', {
      sub: user.id,
      sid: sessionId,
      email: user.email,
      email_verified: user.emailVerifiedAt !== null,
    });
  }

  async refresh({ refreshToken }: RefreshInput): Promise<TokenPair> {
    const { store, clock } = this.deps;
    const now = clock.now();
    const found = await store.findRefreshToken(hashSecret(refreshToken));
    if (!found) throw new IdentityError('invalid-token');
    const { token, session } = found;
    if (session.revokedAt || session.expiresAt.getTime() <= now.getTime())
      throw new IdentityError('session-revoked');
    if (this.idle(session, now)) {
      await this.ended(await store.revokeSession(session.id, 'idle', now));
      throw new IdentityError('session-revoked');
    }
    const next = newSecret();
    const rotated = token.rotatedAt
      ? false
      : await store.rotateRefreshToken(token.id, session.id, hashSecret(next), now);
    if (!rotated) {
      // A rotated token presented again means it was copied: end the whole session.
      await this.ended(await store.revokeSession(session.id, 'refresh-token-reuse', now));
      await this.deps.audit.record(
        { type: 'system', id: null },
        { action: 'refresh_token_reuse', entity: 'session', entityId: session.id },
      );
      throw new IdentityError('session-revoked');
    }
    const user = await store.findUserById(session.userId);
    if (!user || user.disabledAt) throw new IdentityError('session-revoked');
    return {
      idToken: await this.idTokenFor(user, session.id),
      refreshToken: next,
      expiresIn: TOKEN_TTL_SECONDS.id,
    };
  }

  async signOut({ refreshToken }: RefreshInput): Promise<void> {
    const found = await this.deps.store.findRefreshToken(hashSecret(refreshToken));
    if (found) await this.end(found.session.id, 'sign-out');
  }

  /** The user and session behind a bearer ID token, or invalid-token. */
  async authenticate(idToken: string | undefined) {
    const { store, clock } = this.deps;
    if (!idToken) throw new IdentityError('invalid-token');
    let claims;
    try {
      claims = await this.deps.tokens.verify('id', idToken);
    } catch {
      throw new IdentityError('invalid-token');
    }
    const session = await store.findSession(claims.sid);
    const now = clock.now();
    if (!session || session.revokedAt || session.expiresAt.getTime() <= now.getTime())
      throw new IdentityError('session-revoked');
    if (this.idle(session, now)) {
      await this.ended(await store.revokeSession(session.id, 'idle', now));
      throw new IdentityError('session-revoked');
    }
    const user = await store.findUserById(claims.sub);
    if (!user || user.disabledAt || session.userId !== user.id)
      throw new IdentityError('session-revoked');
    return { user, session };
  }

  /**
   * Whether an access token's session still stands (checked on every request and socket): a
   * signed-out, reset, changed-password, re-authenticated or deleted session ends at once.
   */
  sessionStands(userId: string, sessionId: string): Promise<boolean> {
    return this.standing.stands(userId, sessionId, () =>
      this.deps.store.standingSessionExpiry(userId, sessionId, this.deps.clock.now()),
    );
  }

  /** RFC 8693: an ID token in, a short-lived access token for the data API out. */
  async exchangeToken(subjectToken: string): Promise<{ accessToken: string; expiresIn: number }> {
    let user: User;
    let sessionId: string;
    try {
      const found = await this.authenticate(subjectToken);
      user = found.user;
      sessionId = found.session.id;
    } catch (error) {
      if (error instanceof IdentityError || error instanceof TokenError)
        throw new IdentityError('invalid-token');
      throw error;
    }
    if (!user.emailVerifiedAt || user.role !== 'customer') throw new IdentityError('invalid-token');
    const customerId = await this.deps.customers.customerIdOfUser(user.id);
    // A use of the session: the idle limit counts from the last one.
    await this.deps.store.touchSession(sessionId, this.deps.clock.now());
    const accessToken = await this.deps.tokens.issue('access', {
      sub: user.id,
      sid: sessionId,
      role: 'customer',
      customer_id: customerId,
      scope: TOKEN_EXCHANGE.scope,
    });
    return { accessToken, expiresIn: TOKEN_TTL_SECONDS.access };
  }
}
