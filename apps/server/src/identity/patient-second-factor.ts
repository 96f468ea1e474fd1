import { and, count, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { SecondFactorAnswerInput } from '@portal/domain';
import { MINUTE_MS } from '@portal/domain';
import type { Db } from '../db/client';
import {
  customerRecoveryCodes,
  customerTotpFactors,
  signInChallenges,
} from '../db/schema/identity';
import type { AuditLog } from '../platform/audit';
import type { Clock } from '../platform/clock';
import type { Mailer } from '../platform/mail';
import { IdentityError } from './errors';
import { enforceLimit, type IdentityLimiter } from './rate-limits';
import {
  MAX_CHALLENGE_FAILURES,
  matchTotpStep,
  newRecoveryCodes,
  newTotpEnrolment,
  recoveryHash,
  SecretBox,
  type TotpEnrolment,
} from './second-factor-core';
import { hashSecret, newSecret, verifyPassword } from './secrets';
import type { RequestMeta } from './sessions';
import type { IdentityStore, User } from './store';
import type { TrustedDevices } from './trusted-devices';
import { factorAddedMail, factorRemovedMail, recoveryCodeUsedMail } from './strong-sign-in-mail';

/*
 * A patient's second factor (issue 42): an authenticator app (TOTP) enrolled on
 * /manage-account, and ten single-use recovery codes. Once enrolled, a password sign-in
 * answers with a challenge instead of tokens, and only a code (or a recovery code) for that
 * challenge opens the session. A password reset changes the password only: the factor stays and
 * is still asked for (ASVS 6.4.3). TOTP and recovery codes are second-factor-core.ts's, shared
 * with the care team's.
 */

/** The issuer authenticator apps show next to the account. */
export const PATIENT_TOTP_ISSUER = 'Patient portal';
/** A password-checked sign-in waits this long for its second factor. */
const CHALLENGE_TTL_MS = 5 * MINUTE_MS;

export interface PatientSecondFactorDeps {
  db: Db;
  store: IdentityStore;
  clock: Clock;
  mailer: Mailer;
  limiter: IdentityLimiter;
  audit: AuditLog;
  /** Revoked with the app: nothing is left for a trusted device to skip. */
  trustedDevices: TrustedDevices;
  /** 32 bytes: the AES-256-GCM key of TOTP secrets (its own HKDF label, not the staff's). */
  encryptionKey: Buffer;
}

export interface SecondFactorStatus {
  totp: { enrolledAt: string } | null;
  recoveryCodesLeft: number;
}

export interface SecondFactorPassed {
  user: User;
  usedRecoveryCode: boolean;
  /** Set when a recovery code was used: how many are left. */
  recoveryCodesLeft?: number;
}

export class PatientSecondFactor {
  private readonly box: SecretBox;

  constructor(private readonly deps: PatientSecondFactorDeps) {
    this.box = new SecretBox(deps.encryptionKey);
  }

  private async confirmedFactor(userId: string) {
    const [row] = await this.deps.db
      .select()
      .from(customerTotpFactors)
      .where(
        and(eq(customerTotpFactors.userId, userId), isNotNull(customerTotpFactors.confirmedAt)),
      );
    return row;
  }

  /** Whether a password sign-in of this account must pass a second factor. */
  async required(userId: string): Promise<boolean> {
    return (await this.confirmedFactor(userId)) !== undefined;
  }

  async status(userId: string): Promise<SecondFactorStatus> {
    const factor = await this.confirmedFactor(userId);
    return {
      totp: factor?.confirmedAt ? { enrolledAt: factor.confirmedAt.toISOString() } : null,
      recoveryCodesLeft: factor ? await this.recoveryCodesLeft(userId) : 0,
    };
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const [row] = await this.deps.db
      .select({ n: count() })
      .from(customerRecoveryCodes)
      .where(and(eq(customerRecoveryCodes.userId, userId), isNull(customerRecoveryCodes.usedAt)));
    return Number(row?.n ?? 0);
  }

  /**
   * A new secret waiting for its first code (the pending row replaces an older pending one). An
   * enrolled app must be removed first, so a stolen session cannot swap the factor silently.
   */
  async startEnrolment(user: User): Promise<TotpEnrolment> {
    const enrolment = await newTotpEnrolment(PATIENT_TOTP_ISSUER, user.email);
    const secretCiphertext = this.box.encrypt(enrolment.secret);
    const now = this.deps.clock.now();
    const written = await this.deps.db
      .insert(customerTotpFactors)
      .values({ userId: user.id, secretCiphertext, createdAt: now })
      .onConflictDoUpdate({
        target: customerTotpFactors.userId,
        set: { secretCiphertext, createdAt: now, lastStep: null },
        setWhere: isNull(customerTotpFactors.confirmedAt),
      })
      .returning({ userId: customerTotpFactors.userId });
    if (written.length === 0) {
      throw new IdentityError('invalid-input', 'An authenticator app is already set up.');
    }
    return enrolment;
  }

  /** The app's first code confirms the pending secret; the recovery codes come with it. */
  async confirmEnrolment(user: User, code: string, meta: RequestMeta): Promise<string[]> {
    await enforceLimit(this.deps.limiter, 'secondFactor', meta.ip, user.id);
    const [pending] = await this.deps.db
      .select()
      .from(customerTotpFactors)
      .where(and(eq(customerTotpFactors.userId, user.id), isNull(customerTotpFactors.confirmedAt)));
    if (!pending) throw new IdentityError('code-expired', 'Start the set-up again.');
    const now = this.deps.clock.now();
    const step = await matchTotpStep(this.box.decrypt(pending.secretCiphertext), code, null, now);
    if (step === null) throw new IdentityError('invalid-code');
    const codes = await this.deps.db.transaction(async (tx) => {
      const confirmed = await tx
        .update(customerTotpFactors)
        .set({ confirmedAt: now, lastStep: step })
        .where(
          and(eq(customerTotpFactors.userId, user.id), isNull(customerTotpFactors.confirmedAt)),
        )
        .returning({ userId: customerTotpFactors.userId });
      if (confirmed.length === 0)
        throw new IdentityError('code-expired', 'Start the set-up again.');
      return this.replaceRecoveryCodes(user.id, tx);
    });
    await this.audit(user, meta, 'second_factor_added', { factor: 'totp' });
    await this.deps.mailer.send(factorAddedMail(user.email, 'totp', user.locale));
    return codes;
  }

  /** Removing a factor or replacing codes asks for the password again (limited like sign-in). */
  private async checkPassword(user: User, password: string, meta: RequestMeta) {
    await enforceLimit(this.deps.limiter, 'signIn', meta.ip, user.email);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password)))
      throw new IdentityError('invalid-credentials');
  }

  /** Removes the app and its recovery codes, with the password again. */
  async remove(user: User, password: string, meta: RequestMeta): Promise<void> {
    await this.checkPassword(user, password, meta);
    const removed = await this.deps.db.transaction(async (tx) => {
      await tx.delete(customerRecoveryCodes).where(eq(customerRecoveryCodes.userId, user.id));
      return tx
        .delete(customerTotpFactors)
        .where(eq(customerTotpFactors.userId, user.id))
        .returning({ confirmedAt: customerTotpFactors.confirmedAt });
    });
    if (!removed[0]?.confirmedAt) throw new IdentityError('not-found');
    await this.deps.trustedDevices.revokeAll(user.id, 'factor-removed', meta);
    await this.audit(user, meta, 'second_factor_removed', { factor: 'totp' });
    await this.deps.mailer.send(factorRemovedMail(user.email, 'totp', user.locale));
  }

  /** A new set of ten replaces the old, with the password again. */
  async regenerateRecoveryCodes(
    user: User,
    password: string,
    meta: RequestMeta,
  ): Promise<string[]> {
    await this.checkPassword(user, password, meta);
    if (!(await this.required(user.id))) throw new IdentityError('not-found');
    const codes = await this.deps.db.transaction((tx) => this.replaceRecoveryCodes(user.id, tx));
    await this.audit(user, meta, 'recovery_codes_replaced', {});
    await this.deps.mailer.send(factorAddedMail(user.email, 'recoveryCodes', user.locale));
    return codes;
  }

  private async replaceRecoveryCodes(userId: string, tx: Db): Promise<string[]> {
    const { codes, hashes } = newRecoveryCodes();
    const now = this.deps.clock.now();
    await tx.delete(customerRecoveryCodes).where(eq(customerRecoveryCodes.userId, userId));
    await tx
      .insert(customerRecoveryCodes)
      .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
    return codes;
  }

  /** After a right password: a challenge the second step answers (its token, shown once). */
  async challenge(userId: string): Promise<string> {
    const now = this.deps.clock.now();
    // Old challenges of the account are cleared as new ones are made, so the table stays small.
    await this.deps.db
      .delete(signInChallenges)
      .where(and(eq(signInChallenges.userId, userId), lt(signInChallenges.expiresAt, now)));
    const token = newSecret();
    await this.deps.db.insert(signInChallenges).values({
      userId,
      tokenHash: hashSecret(token),
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
      createdAt: now,
    });
    return token;
  }

  /**
   * The second step: a code from the app (a later time step than the last accepted) or an
   * unused recovery code, for a live challenge. The challenge is spent in the statement that
   * accepts, so one challenge opens one session at most.
   */
  async answer(input: SecondFactorAnswerInput, meta: RequestMeta): Promise<SecondFactorPassed> {
    const now = this.deps.clock.now();
    const [challenge] = await this.deps.db
      .select()
      .from(signInChallenges)
      .where(
        and(
          eq(signInChallenges.tokenHash, hashSecret(input.challenge)),
          isNull(signInChallenges.spentAt),
          gt(signInChallenges.expiresAt, now),
          lt(signInChallenges.failedAttempts, MAX_CHALLENGE_FAILURES),
        ),
      );
    // The same answer as an expired session: the patient signs in with the password again.
    if (!challenge) throw new IdentityError('invalid-token', 'Please sign in again.');
    await enforceLimit(this.deps.limiter, 'secondFactor', meta.ip, challenge.userId);
    const user = await this.deps.store.findUserById(challenge.userId);
    if (!user || user.disabledAt) throw new IdentityError('invalid-token', 'Please sign in again.');

    const usedRecoveryCode = 'recoveryCode' in input;
    if (!(await this.check(user.id, input, now))) {
      await this.deps.db
        .update(signInChallenges)
        .set({ failedAttempts: sql`${signInChallenges.failedAttempts} + 1` })
        .where(eq(signInChallenges.id, challenge.id));
      await this.audit(user, meta, 'second_factor_failed', {
        factor: usedRecoveryCode ? 'recovery_code' : 'totp',
      });
      throw new IdentityError('invalid-code', 'The code is not valid or was already used.');
    }
    const spent = await this.deps.db
      .update(signInChallenges)
      .set({ spentAt: now })
      .where(and(eq(signInChallenges.id, challenge.id), isNull(signInChallenges.spentAt)))
      .returning({ id: signInChallenges.id });
    if (spent.length === 0) throw new IdentityError('invalid-token', 'Please sign in again.');
    if (!usedRecoveryCode) return { user, usedRecoveryCode };
    const left = await this.recoveryCodesLeft(user.id);
    await this.deps.mailer.send(recoveryCodeUsedMail(user.email, left, user.locale));
    return { user, usedRecoveryCode, recoveryCodesLeft: left };
  }

  /** Spends the recovery code, or moves the app's last step forward; false when refused. */
  private async check(userId: string, input: SecondFactorAnswerInput, now: Date) {
    if ('recoveryCode' in input) {
      // Spent in the statement that finds it, so a code works once even under a race.
      const used = await this.deps.db
        .update(customerRecoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(customerRecoveryCodes.userId, userId),
            eq(customerRecoveryCodes.codeHash, recoveryHash(input.recoveryCode)),
            isNull(customerRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: customerRecoveryCodes.id });
      return used.length === 1;
    }
    const factor = await this.confirmedFactor(userId);
    if (!factor) return false;
    const step = await matchTotpStep(
      this.box.decrypt(factor.secretCiphertext),
      input.code,
      factor.lastStep,
      now,
    );
    if (step === null) return false;
    // The step moves forward only: a racing request with the same code finds it taken.
    const moved = await this.deps.db
      .update(customerTotpFactors)
      .set({ lastStep: step })
      .where(
        and(
          eq(customerTotpFactors.userId, userId),
          sql`(${customerTotpFactors.lastStep} is null or ${customerTotpFactors.lastStep} < ${step})`,
        ),
      )
      .returning({ userId: customerTotpFactors.userId });
    return moved.length === 1;
  }

  private audit(user: User, meta: RequestMeta, action: string, details: Record<string, string>) {
    return this.deps.audit.record(
      { type: 'customer', id: user.id, ip: meta.ip, requestId: meta.requestId },
      { action, entity: 'user', entityId: user.id, details },
    );
  }
}
