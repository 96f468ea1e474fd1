import type { Db } from '../db/client';
import type { AuditLog } from '../platform/audit';
import type { Clock } from '../platform/clock';
import type { Mailer } from '../platform/mail';
import type { UnitOfWork } from '../platform/unit-of-work';
import { OneTimeCodes } from './codes';
import type { CustomerDirectory } from './customer-directory';
import { Passkeys, type PasskeyParty } from './passkeys';
import { PasswordResets } from './password-reset';
import { PatientSecondFactor } from './patient-second-factor';
import type { IdentityLimiter } from './rate-limits';
import { SessionService, type SessionServiceDeps } from './sessions';
import { PasswordSignIn } from './sign-in';
import { SignUpService, type SignUpDeps } from './sign-up';
import { StaffAccounts } from './staff-accounts';
import { TrustedDevices } from './trusted-devices';
import type { IdentityStore } from './store';
import type { TokenService } from './tokens';

export interface IdentityDeps {
  store: IdentityStore;
  /** The customer record behind a login (the customers module's, wired by the root). */
  customers: CustomerDirectory;
  tokens: TokenService;
  mailer: Mailer;
  limiter: IdentityLimiter;
  audit: AuditLog;
  uow: UnitOfWork;
  clock: Clock;
  tenantId: string;
  publicUrl: string;
  /** Strong sign-in's tables (issue 42) and the 32-byte key its TOTP secrets are sealed with. */
  db: Db;
  secondFactorKey: Buffer;
  /** 32 bytes: the HMAC key of trusted-device cookies (issue 42). */
  trustedDeviceKey: Buffer;
  /** Passkeys' relying party (config PASSKEY_RP_ID/ORIGIN); undefined when they are off. */
  passkeys: PasskeyParty | undefined;
  onCustomerSignedUp?: SignUpDeps['onCustomerSignedUp'];
  onSessionsRevoked?: SessionServiceDeps['onSessionsRevoked'];
}

/**
 * Identity's services, built together from the composition root's dependencies over one store
 * (its statements are prepared once) and one session registry (whatever ends a session makes
 * this instance refuse it at once): the routes call the part they serve.
 */
export class IdentityService {
  /** Sessions: start, refresh, sign-out, the bearer's session, token exchange. */
  readonly sessions: SessionService;
  /** Password sign-in, re-authentication and password change. */
  readonly passwords: PasswordSignIn;
  /** Sign-up and email verification. */
  readonly signUp: SignUpService;
  /** The portal's password reset by mailed link. */
  readonly resets: PasswordResets;
  /** A patient's authenticator app and recovery codes (issue 42). */
  readonly secondFactor: PatientSecondFactor;
  /** Devices a patient trusted at the second-factor step for 30 days (issue 42). */
  readonly trustedDevices: TrustedDevices;
  /** A patient's passkeys and passkey sign-in (issue 42). */
  readonly passkeys: Passkeys;
  /** The care team's accounts (the staff API's StaffIdentity). */
  readonly staff: StaffAccounts;

  constructor(deps: IdentityDeps) {
    const { store, customers, mailer, limiter, audit, uow, clock, tenantId } = deps;
    const codes = new OneTimeCodes(store, mailer, clock, deps.publicUrl);
    const sessions = new SessionService({
      store,
      tokens: deps.tokens,
      customers,
      audit,
      clock,
      onSessionsRevoked: deps.onSessionsRevoked,
    });
    this.sessions = sessions;
    const trustedDevices = new TrustedDevices({
      db: deps.db,
      clock,
      audit,
      key: deps.trustedDeviceKey,
      secure: deps.publicUrl.startsWith('https:'),
    });
    this.trustedDevices = trustedDevices;
    const secondFactor = new PatientSecondFactor({
      db: deps.db,
      trustedDevices,
      store,
      clock,
      mailer,
      limiter,
      audit,
      encryptionKey: deps.secondFactorKey,
    });
    this.secondFactor = secondFactor;
    this.passkeys = new Passkeys({
      db: deps.db,
      store,
      sessions,
      clock,
      mailer,
      limiter,
      audit,
      party: deps.passkeys,
    });
    this.passwords = new PasswordSignIn({
      store,
      sessions,
      codes,
      limiter,
      audit,
      uow,
      clock,
      tenantId,
      secondFactor,
      trustedDevices,
    });
    this.signUp = new SignUpService({
      store,
      customers,
      codes,
      limiter,
      uow,
      clock,
      tenantId,
      onCustomerSignedUp: deps.onCustomerSignedUp,
    });
    this.resets = new PasswordResets({
      store,
      sessions,
      codes,
      limiter,
      uow,
      clock,
      tenantId,
      trustedDevices,
    });
    this.staff = new StaffAccounts({
      store,
      sessions,
      codes,
      mailer,
      limiter,
      audit,
      uow,
      clock,
      tenantId,
    });
  }
}
