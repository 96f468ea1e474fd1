import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { StaffRole } from '@portal/domain';
import type { Db } from '../db/client';
import {
  staffChallenges,
  staffFactors,
  staffMembers,
  staffRecoveryCodes,
} from '../db/schema/identity';
import type { Clock } from '../platform/clock';
import {
  MAX_CHALLENGE_FAILURES,
  matchTotpStep,
  newRecoveryCodes,
  newTotpEnrolment,
  recoveryHash,
  SecretBox,
} from './second-factor-core';
import { TOKEN_TTL_SECONDS, TokenError, type TokenService } from './tokens';

/*
 * The care team's second factor (issue 41): an authenticator app (TOTP) enrolled at first
 * sign-in, and ten single-use recovery codes. TOTP, recovery codes and the secret's encryption
 * are second-factor-core.ts's, shared with the patients' (issue 42). The secret is shown once,
 * at enrolment, and never logged or returned again; a code is accepted only for a time step
 * after staff_factors.last_step, so it cannot be replayed within its window.
 */

export { MAX_CHALLENGE_FAILURES, RECOVERY_CODE_COUNT } from './second-factor-core';

/** The issuer authenticator apps show next to the account. */
export const TOTP_ISSUER = 'Portal care team';

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

export class StaffSecondFactor {
  private readonly box: SecretBox;

  constructor(private readonly deps: StaffSecondFactorDeps) {
    this.box = new SecretBox(deps.encryptionKey);
  }

  private encrypt(secret: string): string {
    return this.box.encrypt(secret);
  }

  private decrypt(stored: string): string {
    return this.box.decrypt(stored);
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
    const { secret, otpauthUrl, qrSvg } = await newTotpEnrolment(TOTP_ISSUER, email);
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
  private matchStep(secret: string, code: string, afterStep: number | null) {
    return matchTotpStep(secret, code, afterStep, this.deps.clock.now());
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
    const { codes, hashes } = newRecoveryCodes();
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
      await tx
        .insert(staffRecoveryCodes)
        .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
    });
    return codes;
  }
}
