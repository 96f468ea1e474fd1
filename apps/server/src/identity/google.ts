import { emailSchema, MINUTE_MS, type SecondFactorRequired } from '@portal/domain';
import {
  allowInsecureRequests,
  authorizationCodeGrant,
  buildAuthorizationUrl,
  calculatePKCECodeChallenge,
  discovery,
  fetchUserInfo,
  None,
  randomNonce,
  randomPKCECodeVerifier,
  randomState,
  type Configuration,
} from 'openid-client';
import type { Db } from '../db/client';
import type { AuditLog } from '../platform/audit';
import type { Clock } from '../platform/clock';
import { CODE_TTL_MS } from './codes';
import type { CustomerDirectory } from './customer-directory';
import { IdentityError } from './errors';
import { GoogleStore } from './google-store';
import type { PatientSecondFactor } from './patient-second-factor';
import { hashSecret, newSecret } from './secrets';
import type { RequestMeta, SessionService, TokenPair } from './sessions';
import type { IdentityStore, User } from './store';

const STATE_TTL_MS = 10 * MINUTE_MS;
const MAX_RETURN_TO = 2000;

export interface GoogleSignInOptions {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  publicUrl: string;
  tenantId: string;
  /** Plain-http issuers (a local provider in tests and development) only outside production. */
  allowHttp: boolean;
  /**
   * Called when a Google account is first linked to a portal account that has a customer:
   * the referrals of that email move on as a password sign-up moves them (spec 02 §4).
   */
  onCustomerLinked?:
    | ((customer: { customerId: string; email: string }, meta: RequestMeta) => Promise<void>)
    | undefined;
}

export type GoogleErrorCode = 'onboarding-required' | 'unknown';

/** Where the callback sends the browser: back into the app with a code, or with an error. */
export type GoogleOutcome =
  | { ok: true; code: string; returnTo: string }
  | { ok: false; error: GoogleErrorCode; reason: string };

/**
 * Only a same-origin path may come back from the provider round trip; anything that a browser
 * could read as another host ('//host', '/\host', 'https:…') falls back to '/'.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > MAX_RETURN_TO) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\p{Cc}]/u.test(value)) return '/';
  const base = 'http://portal.invalid';
  return new URL(value, base).origin === base ? value : '/';
}

export interface GoogleSignInDeps {
  db: Db;
  /** Identity's store (users and codes); the sign-ins under way are GoogleStore's, built here. */
  users: IdentityStore;
  sessions: SessionService;
  customers: CustomerDirectory;
  audit: AuditLog;
  clock: Clock;
  options: GoogleSignInOptions;
  /** A patient's second factor (issue 42): Google's sign-in asks for it as a password's does. */
  secondFactor?: PatientSecondFactor | undefined;
}

/** The Google sign-in over its own store of sign-ins under way (built by the composition root). */
export function createGoogleSignIn(deps: GoogleSignInDeps): GoogleSignIn {
  const { users, sessions, customers, audit, clock, options } = deps;
  return new GoogleSignIn(
    users,
    new GoogleStore(deps.db),
    sessions,
    customers,
    audit,
    clock,
    options,
    deps.secondFactor,
  );
}

export class GoogleSignIn {
  private configuration: Promise<Configuration> | undefined;

  constructor(
    private readonly users: IdentityStore,
    private readonly states: GoogleStore,
    private readonly sessions: SessionService,
    private readonly customers: CustomerDirectory,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly options: GoogleSignInOptions,
    private readonly secondFactor?: PatientSecondFactor,
  ) {}

  get callbackUrl(): string {
    return `${this.options.publicUrl}/identity/google/callback`;
  }

  /** Discovery runs on first use, so a provider that is down does not stop the server booting. */
  private config(): Promise<Configuration> {
    const { issuer, clientId, clientSecret, allowHttp } = this.options;
    this.configuration ??= discovery(
      new URL(issuer),
      clientId,
      clientSecret,
      // Without a secret the client is public and PKCE alone protects the code.
      clientSecret ? undefined : None(),
      { execute: allowHttp ? [allowInsecureRequests] : [] },
    ).catch((error: unknown) => {
      this.configuration = undefined;
      throw error;
    });
    return this.configuration;
  }

  /** Records the sign-in under way and answers the provider's authorization URL. */
  async start(returnTo: unknown): Promise<string> {
    const config = await this.config();
    const now = this.clock.now();
    const state = randomState();
    const nonce = randomNonce();
    const codeVerifier = randomPKCECodeVerifier();
    await this.states.deleteExpiredStates(now);
    await this.states.insertState({
      state,
      nonce,
      codeVerifier,
      returnTo: safeReturnTo(returnTo),
      expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    });
    return buildAuthorizationUrl(config, {
      redirect_uri: this.callbackUrl,
      scope: 'openid email profile',
      // Google's account chooser, so a shared browser does not silently reuse the last account.
      prompt: 'select_account',
      state,
      nonce,
      code_challenge: await calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    }).href;
  }

  /**
   * Handles the provider's redirect. Expected failures come back as outcomes; anything thrown
   * (provider down, a token that does not verify) the route logs and reports as unknown.
   */
  async finish(query: URLSearchParams, meta: RequestMeta): Promise<GoogleOutcome> {
    const stateParam = query.get('state');
    const row = stateParam ? await this.states.takeState(stateParam) : undefined;
    if (!row) return { ok: false, error: 'unknown', reason: 'unknown-state' };
    if (row.expiresAt.getTime() <= this.clock.now().getTime())
      return { ok: false, error: 'unknown', reason: 'expired-state' };
    const providerError = query.get('error');
    if (providerError) return { ok: false, error: 'unknown', reason: `provider:${providerError}` };

    const config = await this.config();
    // openid-client derives the token request's redirect_uri from this URL, so it must be the
    // public callback URL (not what a proxy forwarded), carrying the provider's parameters.
    const current = new URL(this.callbackUrl);
    current.search = query.toString();
    const tokens = await authorizationCodeGrant(config, current, {
      pkceCodeVerifier: row.codeVerifier,
      expectedState: row.state,
      expectedNonce: row.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('token response carried no ID token');
    let { email, email_verified: emailVerified } = claims;
    // Google puts email in the ID token; issuers that follow the spec strictly only in userinfo.
    if (email === undefined) {
      ({ email, email_verified: emailVerified } = await fetchUserInfo(
        config,
        tokens.access_token,
        claims.sub,
      ));
    }

    const user = await this.findOrLink(claims.sub, email, emailVerified, meta);
    if (typeof user === 'string') return { ok: false, error: 'unknown', reason: user };
    if (!user) return { ok: false, error: 'onboarding-required', reason: 'no-account' };
    const code = newSecret();
    await this.users.insertCode(
      user.id,
      'google_login',
      hashSecret(code),
      new Date(this.clock.now().getTime() + CODE_TTL_MS.google_login),
    );
    return { ok: true, code, returnTo: row.returnTo };
  }

  /** By subject first; by email only when the provider vouches for it, and then linked. */
  private async findOrLink(
    subject: string,
    email: unknown,
    emailVerified: unknown,
    meta: RequestMeta,
  ): Promise<User | 'disabled' | 'linked-elsewhere' | undefined> {
    const linked = await this.users.findUserByGoogleSubject(subject);
    if (linked) return linked.disabledAt ? 'disabled' : linked;
    // Some issuers send the flag as the string "true".
    if (emailVerified !== true && emailVerified !== 'true') return undefined;
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return undefined;
    const user = await this.users.findUserByEmail(this.options.tenantId, parsed.data);
    if (!user) return undefined;
    if (user.disabledAt) return 'disabled';
    // The address may have moved to another Google account; the link stays with the first.
    if (user.googleSubject) return 'linked-elsewhere';
    const now = this.clock.now();
    // The provider proved the address, as a followed verification link would.
    await this.users.updateUser(
      user.id,
      { googleSubject: subject, emailVerifiedAt: user.emailVerifiedAt ?? now },
      now,
    );
    await this.audit.record(
      { type: user.role, id: user.id, ...meta },
      { action: 'google_linked', entity: 'user', entityId: user.id },
    );
    const customerId = await this.customers.customerIdOfUser(user.id);
    if (customerId && this.options.onCustomerLinked) {
      await this.options.onCustomerLinked({ customerId, email: user.email }, meta);
    }
    return { ...user, googleSubject: subject, emailVerifiedAt: user.emailVerifiedAt ?? now };
  }

  redirectFor(outcome: GoogleOutcome): string {
    const { publicUrl } = this.options;
    if (!outcome.ok) return `${publicUrl}/?googleError=${outcome.error}`;
    const url = new URL(`${publicUrl}${outcome.returnTo}`);
    url.searchParams.set('googleCode', outcome.code);
    return url.href;
  }

  /** Spends a google_login code for a token pair; the code is good once, for two minutes. */
  async complete(
    { code }: { code: string },
    meta: RequestMeta,
  ): Promise<TokenPair | SecondFactorRequired> {
    const now = this.clock.now();
    const row = await this.users.findCode(hashSecret(code), 'google_login');
    if (!row || row.usedAt) throw new IdentityError('invalid-code');
    if (row.expiresAt.getTime() <= now.getTime()) throw new IdentityError('code-expired');
    if (!(await this.users.spendCode(row.id, now))) throw new IdentityError('invalid-code');
    const user = await this.users.findUserById(row.userId);
    if (!user) throw new IdentityError('invalid-code');
    if (user.disabledAt) throw new IdentityError('contact-support');
    // An enrolled second factor is asked for after Google too: no way in skips it (ASVS 6.3.4).
    if (this.secondFactor && (await this.secondFactor.required(user.id))) {
      return {
        secondFactor: 'required',
        challenge: await this.secondFactor.challenge(user.id),
        methods: ['totp', 'recovery'],
      };
    }
    return this.sessions.startSession(user, meta, {
      action: 'sign_in',
      entity: 'user',
      entityId: user.id,
      details: { method: 'google' },
    });
  }

  /** Only ever unlinks the bearer token's own user; there is no way to name another. */
  async unlink(idToken: string | undefined, meta: RequestMeta): Promise<void> {
    const { user } = await this.sessions.authenticate(idToken);
    // Without a password, unlinking would leave no way back in but a reset mail.
    if (!user.passwordHash)
      throw new IdentityError('invalid-input', 'Set a password before unlinking Google.');
    if (!user.googleSubject) return;
    await this.users.updateUser(user.id, { googleSubject: null }, this.clock.now());
    await this.audit.record(
      { type: user.role, id: user.id, ...meta },
      { action: 'google_unlinked', entity: 'user', entityId: user.id },
    );
  }
}
