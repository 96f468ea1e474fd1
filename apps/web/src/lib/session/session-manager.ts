import {
  TOKEN_SIGN_IN_DEBOUNCE_MS,
  type AuthStatus,
  type SecondFactorRequired,
} from '@portal/domain';
import { ApiError } from '../api/http';
import type { IdentityApi, IdentityTokens } from '../api/identity';
import { emitAuthEvent } from './auth-events';
import { advanceGreetingIndex } from './greeting';
import { decodeJwtPayload } from './jwt';
import { STORAGE_KEYS } from './storage-keys';

export interface SessionSnapshot {
  status: AuthStatus;
  userId: string | null;
  email: string | null;
}

interface StoredTokens {
  idToken: string;
  refreshToken: string;
  /** Epoch ms when the identity token expires. */
  expiresAt: number;
}

export interface SessionDeps {
  identity: IdentityApi;
  storage: Storage;
  now?: () => number;
  debounceMs?: number;
  /** Cross-tab mutual exclusion for refresh-token rotation (Web Locks where available). */
  locks?: Pick<LockManager, 'request'> | undefined;
}

/** Thrown to waiting callers when there is no session any more. */
export class SessionEndedError extends Error {
  constructor() {
    super('The session has ended');
    this.name = 'SessionEndedError';
  }
}

// Refresh the identity token this long before it expires, so an open tab keeps its session.
const PROACTIVE_REFRESH_LEAD_MS = 5 * 60_000;
const ACCESS_TOKEN_SKEW_MS = 10_000;
const LOCK_NAME = 'portal.identity-refresh';

const SIGNED_OUT: SessionSnapshot = { status: 'signed-out', userId: null, email: null };

function isAuthRejection(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 401);
}

/**
 * Owns the tokens: identity tokens from sign-in (persisted, shared by tabs), the data API's
 * access token from the token exchange (memory only). Spec 01 §4: the exchange runs 200 ms
 * after an identity sign-in settles; a rejected access token triggers exactly one refresh,
 * which every waiting request shares.
 */
export class SessionManager {
  private snapshot: SessionSnapshot = { status: 'checking', userId: null, email: null };
  private readonly listeners = new Set<() => void>();
  private readonly signOutListeners = new Set<() => void>();
  private readonly signInListeners = new Set<() => void>();
  /** A sign-in's tokens are in and its first access token not yet. */
  private signingIn = false;
  private tokens: StoredTokens | null = null;
  private access: { token: string; expiresAt: number } | null = null;
  private exchangeTimer: ReturnType<typeof setTimeout> | undefined;
  private exchangeWaiters: { resolve: (t: string) => void; reject: (e: unknown) => void }[] = [];
  private refreshing: Promise<string> | null = null;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly now: () => number;
  private readonly debounceMs: number;

  constructor(private readonly deps: SessionDeps) {
    this.now = deps.now ?? Date.now;
    this.debounceMs = deps.debounceMs ?? TOKEN_SIGN_IN_DEBOUNCE_MS;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): SessionSnapshot => this.snapshot;

  /** Called after every sign-out (local or forced) so caches can be dropped. */
  onSignedOut(listener: () => void): () => void {
    this.signOutListeners.add(listener);
    return () => this.signOutListeners.delete(listener);
  }

  /**
   * Called once a new sign-in's first access token exists, just before the snapshot says
   * authenticated: what home needs can be asked for before it renders (issue 16). Not called
   * for a restored session or a refresh.
   */
  onSignedIn(listener: () => void): () => void {
    this.signInListeners.add(listener);
    return () => this.signInListeners.delete(listener);
  }

  /** Restores a stored session at page load; `/refresh` passes `restore: false`. */
  start({ restore = true }: { restore?: boolean } = {}): void {
    this.tokens = restore ? this.readStored() : null;
    if (!this.tokens) {
      this.setSnapshot(SIGNED_OUT);
      return;
    }
    this.setSnapshot({ status: 'checking', userId: null, email: null });
    this.scheduleProactiveRefresh();
    this.scheduleExchange().catch(() => {
      // Failures already ended the session; nothing is waiting on this one.
    });
  }

  /** Signs in; with a second factor set up (issue 42), answers its challenge instead. */
  async signIn(email: string, password: string): Promise<SecondFactorRequired | undefined> {
    const answer = await this.deps.identity.signIn(email.trim(), password);
    if ('secondFactor' in answer) return answer;
    await this.acceptTokens(answer);
    return undefined;
  }

  /**
   * The second step: the session opens; after a recovery code, how many are left. With
   * `trustDevice` the server also trusts this browser for 30 days (an HttpOnly cookie).
   */
  async completeSecondFactor(
    challenge: string,
    answer: { code: string } | { recoveryCode: string },
    trustDevice = false,
  ): Promise<{ recoveryCodesLeft?: number }> {
    const { recoveryCodesLeft, ...tokens } = await this.deps.identity.completeSecondFactor({
      challenge,
      ...answer,
      ...(trustDevice ? { trustDevice } : {}),
    });
    await this.acceptTokens(tokens);
    return recoveryCodesLeft === undefined ? {} : { recoveryCodesLeft };
  }

  /**
   * A passkey sign-in (issue 42): `sign` runs the browser's ceremony on the server's options
   * and gives its answer, which the server turns into a session.
   */
  async signInWithPasskey(
    sign: (options: Record<string, unknown>) => Promise<unknown>,
  ): Promise<void> {
    const response = await sign(await this.deps.identity.passkeyOptions());
    await this.acceptTokens(await this.deps.identity.passkeySignIn(response));
  }

  /** Finishes a Google sign-in; with a second factor set up (issue 42), its challenge instead. */
  async completeGoogleSignIn(code: string): Promise<SecondFactorRequired | undefined> {
    const answer = await this.deps.identity.completeGoogle(code);
    if ('secondFactor' in answer) return answer;
    await this.acceptTokens(answer);
    return undefined;
  }

  /**
   * Runs an identity call that acts for this session (Bearer ID token: re-authentication, email
   * change, password change, deletion), refreshing the ID token first when it is about to end.
   */
  async withIdToken<T>(call: (idToken: string) => Promise<T>): Promise<T> {
    if (!this.tokens) throw new SessionEndedError();
    if (this.tokens.expiresAt - this.now() < 60_000) await this.refreshIdentityTokens();
    if (!this.tokens) throw new SessionEndedError();
    return call(this.tokens.idToken);
  }

  /** Re-authentication answered with a fresh pair: this session goes on with it. */
  adoptTokens(tokens: IdentityTokens): void {
    this.storeTokens(tokens);
  }

  /** True when there is no identity token or it has passed its expiry. */
  isTokenExpired(): boolean {
    return !this.tokens || this.tokens.expiresAt <= this.now();
  }

  async getAccessToken(): Promise<string> {
    if (this.access && this.access.expiresAt - ACCESS_TOKEN_SKEW_MS > this.now()) {
      return this.access.token;
    }
    if (this.exchangeTimer !== undefined || this.exchangeWaiters.length > 0) {
      return new Promise((resolve, reject) => this.exchangeWaiters.push({ resolve, reject }));
    }
    if (!this.tokens) throw new SessionEndedError();
    return this.refreshAccessToken();
  }

  /** Single-flight: concurrent callers share one refresh and all get its token. */
  refreshAccessToken(): Promise<string> {
    this.refreshing ??= this.doRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  async signOut({ broadcast = true }: { broadcast?: boolean } = {}): Promise<void> {
    const refreshToken = this.tokens?.refreshToken;
    const wasSignedIn = this.snapshot.status === 'authenticated';
    this.clearLocal();
    if (wasSignedIn) advanceGreetingIndex(this.deps.storage);
    this.setSnapshot(SIGNED_OUT);
    this.rejectExchangeWaiters(new SessionEndedError());
    for (const listener of this.signOutListeners) listener();
    if (broadcast) emitAuthEvent(this.deps.storage, 'logout');
    if (refreshToken) {
      await this.deps.identity.signOut(refreshToken).catch(() => {
        // The session is gone locally; the server forgets it when the token expires.
      });
    }
  }

  /** Another tab rotated the tokens: use its pair instead of spending ours again. */
  adoptStoredTokens(): void {
    const stored = this.readStored();
    if (stored && stored.refreshToken !== this.tokens?.refreshToken) {
      this.tokens = stored;
      this.scheduleProactiveRefresh();
    }
  }

  dispose(): void {
    clearTimeout(this.exchangeTimer);
    clearTimeout(this.refreshTimer);
  }

  private async acceptTokens(tokens: IdentityTokens): Promise<void> {
    this.storeTokens(tokens);
    this.access = null;
    this.signingIn = true;
    this.setSnapshot({ status: 'checking', userId: null, email: null });
    emitAuthEvent(this.deps.storage, 'login');
    await this.scheduleExchange();
  }

  private scheduleExchange(): Promise<string> {
    clearTimeout(this.exchangeTimer);
    const waiting = new Promise<string>((resolve, reject) => {
      this.exchangeWaiters.push({ resolve, reject });
    });
    this.exchangeTimer = setTimeout(() => {
      this.exchangeTimer = undefined;
      const waiters = this.exchangeWaiters;
      this.exchangeWaiters = [];
      this.refreshAccessToken().then(
        (token) => waiters.forEach((w) => w.resolve(token)),
        (error: unknown) => waiters.forEach((w) => w.reject(error)),
      );
    }, this.debounceMs);
    return waiting;
  }

  private async doRefresh(): Promise<string> {
    try {
      if (!this.tokens) throw new SessionEndedError();
      if (this.tokens.expiresAt - this.now() < 60_000) await this.refreshIdentityTokens();
      try {
        return await this.exchange();
      } catch (error) {
        if (!isAuthRejection(error)) throw error;
        await this.refreshIdentityTokens();
        return await this.exchange();
      }
    } catch (error) {
      if (error instanceof SessionEndedError || isAuthRejection(error)) {
        await this.signOut({ broadcast: this.snapshot.status === 'authenticated' });
        throw new SessionEndedError();
      }
      throw error;
    }
  }

  private async exchange(): Promise<string> {
    const tokens = this.tokens;
    if (!tokens) throw new SessionEndedError();
    const response = await this.deps.identity.exchangeToken(tokens.idToken);
    if (!this.tokens) throw new SessionEndedError();
    this.access = {
      token: response.access_token,
      expiresAt: this.now() + response.expires_in * 1000,
    };
    if (this.signingIn) {
      this.signingIn = false;
      for (const listener of this.signInListeners) {
        try {
          listener();
        } catch {
          // A prefetch that fails to start changes nothing: the screens ask for themselves.
        }
      }
    }
    const claims = decodeJwtPayload(tokens.idToken);
    this.setSnapshot({
      status: 'authenticated',
      userId: claims.sub ?? null,
      email: claims.email ?? null,
    });
    return response.access_token;
  }

  /** Rotates the refresh token; under a cross-tab lock so two tabs never spend the same one. */
  private async refreshIdentityTokens(): Promise<void> {
    const run = async () => {
      const before = this.tokens?.refreshToken;
      this.adoptStoredTokens();
      const tokens = this.tokens;
      if (!tokens) throw new SessionEndedError();
      const rotatedElsewhere = tokens.refreshToken !== before;
      if (rotatedElsewhere && tokens.expiresAt - this.now() > 60_000) return;
      this.storeTokens(await this.deps.identity.refresh(tokens.refreshToken));
    };
    if (this.deps.locks) {
      await this.deps.locks.request(LOCK_NAME, run);
    } else {
      await run();
    }
  }

  private scheduleProactiveRefresh(): void {
    clearTimeout(this.refreshTimer);
    if (!this.tokens) return;
    const delay = Math.max(0, this.tokens.expiresAt - PROACTIVE_REFRESH_LEAD_MS - this.now());
    this.refreshTimer = setTimeout(() => {
      this.refreshIdentityTokens().catch((error: unknown) => {
        if (isAuthRejection(error)) void this.signOut();
      });
    }, delay);
  }

  private storeTokens(tokens: IdentityTokens): void {
    this.tokens = {
      idToken: tokens.idToken,
      refreshToken: tokens.refreshToken,
      expiresAt: this.now() + tokens.expiresIn * 1000,
    };
    this.deps.storage.setItem(STORAGE_KEYS.session, JSON.stringify(this.tokens));
    this.scheduleProactiveRefresh();
  }

  private readStored(): StoredTokens | null {
    const raw = this.deps.storage.getItem(STORAGE_KEYS.session);
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as Partial<StoredTokens>;
      if (
        typeof parsed.idToken === 'string' &&
        typeof parsed.refreshToken === 'string' &&
        typeof parsed.expiresAt === 'number'
      ) {
        return {
          idToken: parsed.idToken,
          refreshToken: parsed.refreshToken,
          expiresAt: parsed.expiresAt,
        };
      }
    } catch {
      // Fall through: a corrupt entry is no session.
    }
    return null;
  }

  private clearLocal(): void {
    clearTimeout(this.exchangeTimer);
    clearTimeout(this.refreshTimer);
    this.exchangeTimer = undefined;
    this.signingIn = false;
    this.tokens = null;
    this.access = null;
    this.deps.storage.removeItem(STORAGE_KEYS.session);
  }

  private rejectExchangeWaiters(error: unknown): void {
    const waiters = this.exchangeWaiters;
    this.exchangeWaiters = [];
    waiters.forEach((w) => w.reject(error));
  }

  private setSnapshot(next: SessionSnapshot): void {
    const prev = this.snapshot;
    if (prev.status === next.status && prev.userId === next.userId && prev.email === next.email) {
      return;
    }
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}
