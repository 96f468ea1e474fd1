import type * as SimpleWebAuthn from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { PasskeyRegistrationInput, PasskeySignInInput } from '@portal/domain';
import { MINUTE_MS } from '@portal/domain';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customerPasskeys, webauthnChallenges } from '../db/schema/identity';
import type { AuditLog } from '../platform/audit';
import type { Clock } from '../platform/clock';
import type { Mailer } from '../platform/mail';
import { lazyPackage } from '../platform/lazy-package';
import { IdentityError } from './errors';
import { enforceLimit, type IdentityLimiter } from './rate-limits';
import { verifyPassword } from './secrets';
import type { RequestMeta, SessionService, TokenPair } from './sessions';
import type { IdentityStore, User } from './store';
import { factorAddedMail, factorRemovedMail } from './strong-sign-in-mail';

/*
 * Passkeys (WebAuthn, issue 42) through @simplewebauthn/server. A passkey is a discoverable
 * credential with user verification required, so it signs in alone (something held and a PIN or
 * biometric): a full sign-in with the session, token exchange and audit row of a password one.
 * Challenges live server-side (webauthn_challenges): short-lived and spent by the statement that
 * finds them, so an answer is good once. Origin and RP ID come from configuration only.
 */

/** The WebAuthn library (about 120 ms of CPU to load) loads with the first passkey request. */
const webauthn = lazyPackage<typeof SimpleWebAuthn>('@simplewebauthn/server');

/** The relying party name authenticators show. */
const RP_NAME = 'Patient portal';
/** A ceremony's challenge lives this long (the browser's own timeout is one minute). */
const CHALLENGE_TTL_MS = 5 * MINUTE_MS;

export interface PasskeyParty {
  rpId: string;
  origin: string;
}

export interface PasskeyDeps {
  db: Db;
  store: IdentityStore;
  sessions: SessionService;
  clock: Clock;
  mailer: Mailer;
  limiter: IdentityLimiter;
  audit: AuditLog;
  /** Undefined when passkeys are off (PASSKEYS_ENABLED=false): every call is not-found. */
  party: PasskeyParty | undefined;
}

export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  backedUp: boolean;
}

const refused = () => new IdentityError('invalid-credentials', 'The passkey was not accepted.');

/** The challenge a browser signed, read from its client data (checked again by the library). */
function signedChallenge(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    if (typeof data.challenge === 'string') return data.challenge;
  } catch {
    // Falls through to the refusal: it is not client data.
  }
  throw refused();
}

export class Passkeys {
  constructor(private readonly deps: PasskeyDeps) {}

  private party(): PasskeyParty {
    if (!this.deps.party) throw new IdentityError('not-found');
    return this.deps.party;
  }

  async list(userId: string): Promise<PasskeySummary[]> {
    this.party();
    const rows = await this.deps.db
      .select()
      .from(customerPasskeys)
      .where(eq(customerPasskeys.userId, userId))
      .orderBy(asc(customerPasskeys.createdAt));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      createdAt: r.createdAt.toISOString(),
      lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
      backedUp: r.backedUp,
    }));
  }

  private async saveChallenge(
    purpose: 'register' | 'authenticate',
    challenge: string,
    userId?: string,
  ) {
    const now = this.deps.clock.now();
    // Expired challenges go as new ones come, so the table stays small.
    await this.deps.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
    await this.deps.db.insert(webauthnChallenges).values({
      userId: userId ?? null,
      purpose,
      challenge,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
      createdAt: now,
    });
  }

  /** Spends the live challenge the answer signed; refused when unknown, old, spent or not ours. */
  private async spendChallenge(
    purpose: 'register' | 'authenticate',
    clientDataJSON: string,
    userId?: string,
  ): Promise<string> {
    const challenge = signedChallenge(clientDataJSON);
    const now = this.deps.clock.now();
    const spent = await this.deps.db
      .update(webauthnChallenges)
      .set({ spentAt: now })
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.purpose, purpose),
          isNull(webauthnChallenges.spentAt),
          gt(webauthnChallenges.expiresAt, now),
          userId ? eq(webauthnChallenges.userId, userId) : isNull(webauthnChallenges.userId),
        ),
      )
      .returning({ challenge: webauthnChallenges.challenge });
    if (spent.length === 0) throw refused();
    return challenge;
  }

  /** Options for a new passkey of the signed-in patient (their existing ones excluded). */
  async registrationOptions(user: User) {
    const { rpId } = this.party();
    const existing = await this.deps.db
      .select({ id: customerPasskeys.credentialId, transports: customerPasskeys.transports })
      .from(customerPasskeys)
      .where(eq(customerPasskeys.userId, user.id));
    const options = await webauthn().generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rpId,
      userName: user.email,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      excludeCredentials: existing,
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.saveChallenge('register', options.challenge, user.id);
    return options;
  }

  async register(
    user: User,
    { name, response }: PasskeyRegistrationInput,
    meta: RequestMeta,
  ): Promise<PasskeySummary> {
    const { rpId, origin } = this.party();
    const challenge = await this.spendChallenge(
      'register',
      response.response.clientDataJSON,
      user.id,
    );
    let verified;
    try {
      verified = await webauthn().verifyRegistrationResponse({
        response: response as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpId,
        requireUserVerification: true,
      });
    } catch {
      throw refused();
    }
    if (!verified.verified) throw refused();
    const info = verified.registrationInfo;
    const [row] = await this.deps.db
      .insert(customerPasskeys)
      .values({
        userId: user.id,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        name,
        createdAt: this.deps.clock.now(),
      })
      .onConflictDoNothing({ target: customerPasskeys.credentialId })
      .returning();
    if (!row) throw refused();
    await this.audit(user, meta, 'passkey_added', row.id);
    await this.deps.mailer.send(factorAddedMail(user.email, 'passkey', user.locale));
    return {
      id: row.id,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: null,
      backedUp: row.backedUp,
    };
  }

  /** Renames one of the patient's own passkeys; another patient's id is not-found. */
  async rename(user: User, id: string, name: string): Promise<void> {
    this.party();
    const renamed = await this.deps.db
      .update(customerPasskeys)
      .set({ name })
      .where(and(eq(customerPasskeys.id, id), eq(customerPasskeys.userId, user.id)))
      .returning({ id: customerPasskeys.id });
    if (renamed.length === 0) throw new IdentityError('not-found');
  }

  /**
   * Removes one of the patient's own passkeys, with the password again (limited like sign-in),
   * so a session left open cannot take a sign-in method away; another patient's id is
   * not-found, and a wrong password removes nothing.
   */
  async remove(user: User, id: string, password: string, meta: RequestMeta): Promise<void> {
    this.party();
    await enforceLimit(this.deps.limiter, 'signIn', meta.ip, user.email);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password)))
      throw new IdentityError('invalid-credentials', 'The password is not correct.');
    const removed = await this.deps.db
      .delete(customerPasskeys)
      .where(and(eq(customerPasskeys.id, id), eq(customerPasskeys.userId, user.id)))
      .returning({ id: customerPasskeys.id });
    if (removed.length === 0) throw new IdentityError('not-found');
    await this.audit(user, meta, 'passkey_removed', id);
    await this.deps.mailer.send(factorRemovedMail(user.email, 'passkey', user.locale));
  }

  /** Options for "Sign in with a passkey" (and autofill): any of the site's passkeys. */
  async authenticationOptions(meta: RequestMeta) {
    const { rpId } = this.party();
    await enforceLimit(this.deps.limiter, 'passkeyChallenge', meta.ip);
    const options = await webauthn().generateAuthenticationOptions({
      rpID: rpId,
      userVerification: 'required',
    });
    await this.saveChallenge('authenticate', options.challenge);
    return options;
  }

  /** A passkey sign-in: a full sign-in, as a password's (session, audit row). */
  async signIn({ response }: PasskeySignInInput, meta: RequestMeta): Promise<TokenPair> {
    const { rpId, origin } = this.party();
    await enforceLimit(this.deps.limiter, 'signIn', meta.ip);
    const challenge = await this.spendChallenge('authenticate', response.response.clientDataJSON);
    const [passkey] = await this.deps.db
      .select()
      .from(customerPasskeys)
      .where(eq(customerPasskeys.credentialId, response.id));
    if (!passkey) throw refused();
    let verified;
    try {
      verified = await webauthn().verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpId,
        requireUserVerification: true,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.counter,
          transports: passkey.transports,
        },
      });
    } catch {
      throw refused();
    }
    if (!verified.verified) throw refused();
    const user = await this.deps.store.findUserById(passkey.userId);
    if (!user || user.role !== 'customer') throw refused();
    if (user.disabledAt) throw new IdentityError('contact-support');
    await this.deps.db
      .update(customerPasskeys)
      .set({
        counter: verified.authenticationInfo.newCounter,
        backedUp: verified.authenticationInfo.credentialBackedUp,
        lastUsedAt: this.deps.clock.now(),
      })
      .where(eq(customerPasskeys.id, passkey.id));
    return this.deps.sessions.startSession(user, meta, {
      action: 'sign_in',
      entity: 'user',
      entityId: user.id,
    });
  }

  private audit(user: User, meta: RequestMeta, action: string, passkeyId: string) {
    return this.deps.audit.record(
      { type: 'customer', id: user.id, ip: meta.ip, requestId: meta.requestId },
      { action, entity: 'passkey', entityId: passkeyId },
    );
  }
}
