import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { StaffRole } from '@portal/domain';
import type { Db } from '../db/client';
import {
  staffChallenges,
  staffFactors,
  staffMembers,
  staffRecoveryCodes,
} from '../db/schema/identity';
import type { Clock } from '../platform/clock';
import { TOKEN_TTL_SECONDS, TokenError, type TokenService } from './tokens';

/*
 * The care team's second factor (issue 41): an authenticator app (TOTP, RFC 6238, 30-second
 * steps, six digits) enrolled at first sign-in, and ten single-use recovery codes.
 *
 * - The TOTP secret is stored AES-256-GCM encrypted under a key derived from the token signing
 *   key (compose-platform.ts derivedSecret), so a copy of the database alone does not yield
 *   codes. It is shown once, at enrolment, and never logged or returned again.
 * - Recovery codes are 20 base32 characters (100 bits from the CSPRNG). With that much entropy
 *   a plain SHA-256 cannot be brute-forced, so argon2 (made for low-entropy passwords) would only
 *   slow each check; the hash also lets a code be found and spent in one indexed statement.
 * - A code is accepted only for a time step after the last accepted one (staff_factors
 *   last_step), so a code seen over someone's shoulder cannot be replayed within its window.
 */

/** The issuer authenticator apps show next to the account. */
export const TOTP_ISSUER = 'Portal care team';
/** Codes one step either side of now are accepted (clock drift of a phone). */
const TOTP_TOLERANCE_SECONDS = 30;
const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes a challenge survives; the fifth kills it. */
export const MAX_CHALLENGE_FAILURES = 5;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Why a second factor was refused: the routes answer 400 and 401 respectively. */
export class SecondFactorError extends Error {
  constructor(readonly code: 'invalid-code' | 'challenge-expired') {
    super(code);
  }
}

export type ChallengeStart =
  | { status: 'enroll'; challenge: string; secret: string; otpauthUrl: string; qrSvg: string }
  | { status: 'verify'; challenge: string };

export interface SecondFactorPassed {
  userId: string;
  role: StaffRole;
  /** Set after an enrolment: the new codes, shown once. */
  recoveryCodes?: string[];
  /** Set after a verification: unused recovery codes left. */
  recoveryCodesLeft?: number;
  /** Whether a recovery code (not the app) was used, for the audit record. */
  usedRecoveryCode: boolean;
}

export interface StaffSecondFactorDeps {
  db: Db;
  clock: Clock;
  tokens: TokenService;
  /** 32 bytes: the AES-256-GCM key of TOTP secrets. */
  encryptionKey: Buffer;
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A recovery code as printed: XXXXX-XXXXX-XXXXX-XXXXX, 100 bits. */
function newRecoveryCode(): string {
  const bytes = randomBytes(20);
  let code = '';
  for (const byte of bytes) code += BASE32[byte & 31];
  return code.match(/.{5}/g)!.join('-');
}

/** The stored form of a recovery code: dashes dropped and upper case, as the schema gives it. */
function recoveryHash(code: string): string {
  return sha256(code.replace(/[\s-]+/g, '').toUpperCase());
}

export class StaffSecondFactor {
  constructor(private readonly deps: StaffSecondFactorDeps) {}

  private encrypt(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.deps.encryptionKey, iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  private decrypt(stored: string): string {
    const [version, iv, tag, body] = stored.split('.');
    if (version !== 'v1' || !iv || !tag || !body) throw new Error('unknown secret format');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      this.deps.encryptionKey,
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }

  /** A staff member's role; an account without a staff_members row is care, the lesser one. */
  async roleOf(userId: string): Promise<StaffRole> {
    const [row] = await this.deps.db
      .select({ role: staffMembers.role })
      .from(staffMembers)
      .where(eq(staffMembers.userId, userId));
    return row?.role ?? 'care';
  }

  /** A staff member's role and name (GET /staff/me). */
  async member(
    userId: string,
  ): Promise<{ role: StaffRole; firstName: string | null; lastName: string | null }> {
    const [row] = await this.deps.db
      .select({
        role: staffMembers.role,
        firstName: staffMembers.firstName,
        lastName: staffMembers.lastName,
      })
      .from(staffMembers)
      .where(eq(staffMembers.userId, userId));
    return row ?? { role: 'care', firstName: null, lastName: null };
  }

  /** Sets a staff member's role and name (seeds and tests; there is no route for it yet). */
  async setMember(
    userId: string,
    member: { role: StaffRole; firstName?: string | null; lastName?: string | null },
  ): Promise<void> {
    const values = {
      role: member.role,
      firstName: member.firstName ?? null,
      lastName: member.lastName ?? null,
    };
    await this.deps.db
      .insert(staffMembers)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: staffMembers.userId, set: values });
  }

  /** The account a challenge token was issued to; challenge-expired for a bad or old one. */
  async challengeUser(token: string): Promise<string> {
    try {
      return (await this.deps.tokens.verify('staffChallenge', token)).sub;
    } catch (error) {
      if (error instanceof TokenError) throw new SecondFactorError('challenge-expired');
      throw error;
    }
  }

  /**
   * Enrols `secret` directly, without a challenge: the demo seed's published secrets only
   * (inside the seed's transaction, `db`). Leaves the recovery codes as they are.
   */
  async enrollKnownSecret(userId: string, secret: string, db: Db = this.deps.db): Promise<void> {
    const secretCiphertext = this.encrypt(secret);
    await db
      .insert(staffFactors)
      .values({ userId, secretCiphertext, enrolledAt: this.deps.clock.now() })
      .onConflictDoUpdate({
        target: staffFactors.userId,
        set: { secretCiphertext, lastStep: null },
      });
  }

  /**
   * After the password check: a challenge to enrol an app (with a fresh secret, kept encrypted
   * on the challenge row, never taken back from the client) or to verify with the one enrolled.
   */
  async start(userId: string, email: string): Promise<ChallengeStart> {
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + TOKEN_TTL_SECONDS.staffChallenge * 1000);
    // Old challenges of the account are cleared as new ones are made, so the table stays small.
    await this.deps.db
      .delete(staffChallenges)
      .where(and(eq(staffChallenges.userId, userId), lt(staffChallenges.expiresAt, now)));
    const [factor] = await this.deps.db
      .select({ userId: staffFactors.userId })
      .from(staffFactors)
      .where(eq(staffFactors.userId, userId));
    if (factor) {
      const [row] = await this.deps.db
        .insert(staffChallenges)
        .values({ userId, kind: 'verify', expiresAt, createdAt: now })
        .returning({ id: staffChallenges.id });
      return { status: 'verify', challenge: await this.challengeToken(userId, row!.id) };
    }
    const secret = generateSecret();
    const [row] = await this.deps.db
      .insert(staffChallenges)
      .values({
        userId,
        kind: 'enroll',
        pendingSecretCiphertext: this.encrypt(secret),
        expiresAt,
        createdAt: now,
      })
      .returning({ id: staffChallenges.id });
    const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
    const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
    return {
      status: 'enroll',
      challenge: await this.challengeToken(userId, row!.id),
      secret,
      otpauthUrl,
      qrSvg,
    };
  }

  private challengeToken(userId: string, cid: string): Promise<string> {
    return this.deps.tokens.issue('staffChallenge', {
      sub: userId,
      cid,
      scope: 'staff-challenge',
    });
  }

  /** The live challenge of a token: challenge-expired for a bad, expired, spent or dead one. */
  private async liveChallenge(token: string, kind: 'enroll' | 'verify') {
    let claims;
    try {
      claims = await this.deps.tokens.verify('staffChallenge', token);
    } catch (error) {
      if (error instanceof TokenError) throw new SecondFactorError('challenge-expired');
      throw error;
    }
    const [row] = await this.deps.db
      .select()
      .from(staffChallenges)
      .where(and(eq(staffChallenges.id, claims.cid), eq(staffChallenges.userId, claims.sub)));
    if (
      !row ||
      row.kind !== kind ||
      row.spentAt ||
      row.expiresAt <= this.deps.clock.now() ||
      row.failedAttempts >= MAX_CHALLENGE_FAILURES
    ) {
      throw new SecondFactorError('challenge-expired');
    }
    return row;
  }

  /** Counts a wrong code on the challenge (the fifth kills it), then refuses. */
  private async wrongCode(challengeId: string): Promise<never> {
    await this.deps.db
      .update(staffChallenges)
      .set({ failedAttempts: sql`${staffChallenges.failedAttempts} + 1` })
      .where(eq(staffChallenges.id, challengeId));
    throw new SecondFactorError('invalid-code');
  }

  /**
   * Spends a challenge: only one request can, so two racing right codes give one token. Null
   * when another request spent it first.
   */
  private async spend(challengeId: string): Promise<boolean> {
    const spent = await this.deps.db
      .update(staffChallenges)
      .set({ spentAt: this.deps.clock.now() })
      .where(and(eq(staffChallenges.id, challengeId), isNull(staffChallenges.spentAt)))
      .returning({ id: staffChallenges.id });
    return spent.length === 1;
  }

  /** The matched time step of `code` for `secret` after `afterStep`; null when none matches. */
  private async matchStep(
    secret: string,
    code: string,
    afterStep: number | null,
  ): Promise<number | null> {
    const epoch = Math.floor(this.deps.clock.now().getTime() / 1000);
    const result = await verify({
      secret,
      token: code,
      epoch,
      period: TOTP_PERIOD_SECONDS,
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    if (!result.valid) return null;
    // The matched step: the current one moved by the drift the code was found at.
    return Math.floor(epoch / TOTP_PERIOD_SECONDS) + result.delta;
  }

  /** POST /staff/token/enroll: the app's first code confirms the pending secret. */
  async enroll(token: string, code: string): Promise<SecondFactorPassed> {
    const challenge = await this.liveChallenge(token, 'enroll');
    const secret = this.decrypt(challenge.pendingSecretCiphertext ?? '');
    const step = await this.matchStep(secret, code, null);
    if (step === null) return this.wrongCode(challenge.id);
    if (!(await this.spend(challenge.id))) throw new SecondFactorError('challenge-expired');
    const userId = challenge.userId;
    const secretCiphertext = this.encrypt(secret);
    const now = this.deps.clock.now();
    await this.deps.db
      .insert(staffFactors)
      .values({ userId, secretCiphertext, enrolledAt: now, lastStep: step })
      .onConflictDoUpdate({
        target: staffFactors.userId,
        set: { secretCiphertext, enrolledAt: now, lastStep: step },
      });
    const recoveryCodes = await this.replaceRecoveryCodes(userId);
    return { userId, role: await this.roleOf(userId), recoveryCodes, usedRecoveryCode: false };
  }

  /** POST /staff/token/verify: an app code (a later step than the last) or a recovery code. */
  async verify(
    token: string,
    answer: { code: string } | { recoveryCode: string },
  ): Promise<SecondFactorPassed> {
    const challenge = await this.liveChallenge(token, 'verify');
    const userId = challenge.userId;
    if ('recoveryCode' in answer) {
      // Spent in the statement that finds it, so a code works once even under a race.
      const used = await this.deps.db
        .update(staffRecoveryCodes)
        .set({ usedAt: this.deps.clock.now() })
        .where(
          and(
            eq(staffRecoveryCodes.userId, userId),
            eq(staffRecoveryCodes.codeHash, recoveryHash(answer.recoveryCode)),
            isNull(staffRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: staffRecoveryCodes.id });
      if (used.length === 0) return this.wrongCode(challenge.id);
    } else {
      const [factor] = await this.deps.db
        .select()
        .from(staffFactors)
        .where(eq(staffFactors.userId, userId));
      if (!factor) throw new SecondFactorError('challenge-expired');
      const step = await this.matchStep(
        this.decrypt(factor.secretCiphertext),
        answer.code,
        factor.lastStep,
      );
      if (step === null) return this.wrongCode(challenge.id);
      // The step moves forward only: a racing request with the same code finds it taken.
      const moved = await this.deps.db
        .update(staffFactors)
        .set({ lastStep: step })
        .where(
          and(
            eq(staffFactors.userId, userId),
            sql`(${staffFactors.lastStep} is null or ${staffFactors.lastStep} < ${step})`,
          ),
        )
        .returning({ userId: staffFactors.userId });
      if (moved.length === 0) return this.wrongCode(challenge.id);
    }
    if (!(await this.spend(challenge.id))) throw new SecondFactorError('challenge-expired');
    return {
      userId,
      role: await this.roleOf(userId),
      recoveryCodesLeft: await this.recoveryCodesLeft(userId),
      usedRecoveryCode: 'recoveryCode' in answer,
    };
  }

  /** Unused recovery codes of an account. */
  async recoveryCodesLeft(userId: string): Promise<number> {
    const [row] = await this.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
    return Number(row?.n ?? 0);
  }

  /** A new set of ten recovery codes replaces the old one; the codes are shown once. */
  async replaceRecoveryCodes(userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
      await tx
        .insert(staffRecoveryCodes)
        .values(codes.map((code) => ({ userId, codeHash: recoveryHash(code), createdAt: now })));
    });
    return codes;
  }
}
