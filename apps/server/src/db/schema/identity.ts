import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A person who can sign in. Customers and staff both sign in through this table. */
export const users = pgTable(
  'identity_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull(),
    email: text('email').notNull(),
    /** argon2id PHC string; null until the user sets a password (Google-only or just created). */
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    googleSubject: text('google_subject'),
    role: text('role', { enum: ['customer', 'staff'] })
      .notNull()
      .default('customer'),
    locale: text('locale', { enum: ['en', 'es'] })
      .notNull()
      .default('en'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identity_users_tenant_email_uq').on(t.tenantId, t.email),
    uniqueIndex('identity_users_google_subject_uq')
      .on(t.googleSubject)
      .where(sql`${t.googleSubject} is not null`),
  ],
);

/**
 * Single-use codes sent by mail (email verification, password reset). Only the SHA-256 of
 * the code is stored; a code is spent by setting used_at in the same statement that checks it.
 */
export const oneTimeCodes = pgTable(
  'identity_one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: [
        'verify_email',
        'reset_password',
        'google_login',
        'change_email',
        'staff_reset_password',
      ],
    }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identity_one_time_codes_hash_uq').on(t.codeHash),
    index('identity_one_time_codes_user_idx').on(t.userId, t.purpose),
  ],
);

/** A signed-in device. Refresh tokens rotate inside a session; reuse revokes the session. */
export const sessions = pgTable(
  'identity_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** Time of the last password check (sign-in or re-authentication), for sensitive changes. */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('identity_sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'identity_refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when this token was exchanged for the next one; presenting it again is reuse. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('identity_refresh_tokens_hash_uq').on(t.tokenHash)],
);

/** A Google (OpenID Connect) sign-in under way: PKCE verifier, nonce and where to return. */
export const oidcStates = pgTable('identity_oidc_states', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to').notNull().default('/'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Staff roles (issue 41). A staff user without a row here is treated as `care`, the least
 * privileged role, so an account created before roles existed never gains admin by accident.
 */
export const staffMembers = pgTable('staff_members', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role', { enum: ['care', 'admin'] })
    .notNull()
    .default('care'),
  /** The name the console shows (GET /staff/me); identity users have none of their own. */
  firstName: text('first_name'),
  lastName: text('last_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A staff member's authenticator (TOTP) secret, AES-256-GCM encrypted with a key derived from
 * the token secret. last_step is the last accepted time step: a code is accepted only for a
 * later step, which is what makes each code single-use.
 */
export const staffFactors = pgTable('staff_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
  lastStep: integer('last_step'),
});

/** Single-use recovery codes: only the SHA-256 of each (high-entropy) code is stored. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_recovery_codes_hash_uq').on(t.codeHash),
    index('staff_recovery_codes_user_idx').on(t.userId),
  ],
);

/**
 * A password-checked staff sign-in waiting for its second factor. The row is what the signed
 * challenge token points at: it holds the pending secret of an enrolment (encrypted, so the
 * client never has to send it back), counts wrong codes, and is spent on success.
 */
export const staffChallenges = pgTable(
  'staff_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['enroll', 'verify'] }).notNull(),
    pendingSecretCiphertext: text('pending_secret_ciphertext'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_challenges_user_idx').on(t.userId)],
);

// A patient's second factors and passkeys (issue 42). The staff's own live in identity.ts
// (staff_factors …): the same shapes, kept apart so a patient row can never pass a staff check.

/**
 * A patient's authenticator app. The secret is AES-256-GCM encrypted (identity/second-factor-
 * core.ts); until confirmed_at is set it is an enrolment waiting for its first code and does
 * not guard sign-in. last_step is the last accepted time step: a code is taken only for a later
 * one, which makes each code single-use.
 */
export const customerTotpFactors = pgTable('identity_customer_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: integer('last_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes: the SHA-256 of each (100-bit) code only. */
export const customerRecoveryCodes = pgTable(
  'identity_customer_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identity_customer_recovery_codes_hash_uq').on(t.codeHash),
    index('identity_customer_recovery_codes_user_idx').on(t.userId),
  ],
);

/**
 * A password-checked sign-in waiting for its second factor. The client holds a random token;
 * only its hash is stored. Wrong codes are counted (the fifth kills it) and a right one spends
 * it, in one conditional update, so it opens one session at most.
 */
export const signInChallenges = pgTable(
  'identity_sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identity_sign_in_challenges_token_uq').on(t.tokenHash),
    index('identity_sign_in_challenges_user_idx').on(t.userId),
  ],
);

/** A patient's passkey (WebAuthn credential), named by the patient, with its last use. */
export const customerPasskeys = pgTable(
  'identity_customer_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential ID, base64url, as the authenticator reports it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('identity_customer_passkeys_credential_uq').on(t.credentialId),
    index('identity_customer_passkeys_user_idx').on(t.userId),
  ],
);

/**
 * A WebAuthn ceremony's challenge, kept server-side: single use (spent_at) and short-lived.
 * Registration challenges belong to a signed-in user; sign-in ones to nobody yet.
 */
export const webauthnChallenges = pgTable('identity_webauthn_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['register', 'authenticate'] }).notNull(),
  challenge: text('challenge').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  spentAt: timestamp('spent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A device a patient trusted at the second-factor step (issue 42): "don't ask again on this
 * device for 30 days". The browser holds a signed cookie with the row's id and a random token;
 * only the token's SHA-256 is kept. Bound to the browser family and system it was trusted from
 * (not the address, which changes on a phone), revoked by the patient, a password change or
 * reset, or the removal of the authenticator app.
 */
export const trustedDevices = pgTable(
  'identity_trusted_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** What the list shows: "Chrome on Windows". */
    label: text('label').notNull(),
    /** The user agent's browser and system families the cookie must come back from. */
    userAgentFamily: text('user_agent_family').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('identity_trusted_devices_user_idx').on(t.userId)],
);
