import { DAY_MS, MINUTE_MS, RESET_LINK_TTL_MINUTES } from '@portal/domain';
import type { Clock } from '../platform/clock';
import type { Mailer } from '../platform/mail';
import { IdentityError } from './errors';
import { buildMail, type MailKind } from './mail-texts';
import { hashSecret, newSecret } from './secrets';
import type { CodePurpose, IdentityStore, User } from './store';

export const CODE_TTL_MS: Record<CodePurpose, number> = {
  reset_password: RESET_LINK_TTL_MINUTES * MINUTE_MS,
  verify_email: DAY_MS,
  google_login: 2 * MINUTE_MS,
  change_email: 30 * MINUTE_MS,
  staff_reset_password: RESET_LINK_TTL_MINUTES * MINUTE_MS,
};

/**
 * One-time codes: 256 random bits sent once (in a mailed link or as a code), stored only as
 * their hash, good until their purpose's time runs out, and spent by one caller only.
 */
export class OneTimeCodes {
  constructor(
    private readonly store: IdentityStore,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  /** A new code of `purpose` for the user; the caller sends it. */
  async issue(userId: string, purpose: CodePurpose): Promise<string> {
    const code = newSecret();
    const now = this.clock.now();
    await this.store.insertCode(
      userId,
      purpose,
      hashSecret(code),
      new Date(now.getTime() + CODE_TTL_MS[purpose]),
    );
    return code;
  }

  /** Mails the user a link into the app that carries a new code (reset, set, verify). */
  async mailLink(user: User, purpose: CodePurpose, kind: MailKind, extra = ''): Promise<void> {
    const code = await this.issue(user.id, purpose);
    const mode = purpose === 'verify_email' ? 'verifyEmail' : 'resetPassword';
    const link = `${this.publicUrl}/user-action?mode=${mode}&oobCode=${code}${extra}`;
    await this.mailer.send(buildMail(kind, user.locale, user.email, link));
  }

  /** Finds a live code; a used or unknown one is invalid, an old one expired. Nothing is spent. */
  async findLive(code: string, purpose: CodePurpose) {
    const row = await this.store.findCode(hashSecret(code), purpose);
    if (!row || row.usedAt) throw new IdentityError('invalid-code');
    if (row.expiresAt.getTime() <= this.clock.now().getTime())
      throw new IdentityError('code-expired');
    return row;
  }

  /** Spends a live code (only one caller wins) and answers its user. */
  async spend(code: string, purpose: CodePurpose): Promise<User> {
    const row = await this.findLive(code, purpose);
    if (!(await this.store.spendCode(row.id, this.clock.now())))
      throw new IdentityError('invalid-code');
    const user = await this.store.findUserById(row.userId);
    if (!user) throw new IdentityError('invalid-code');
    return user;
  }
}
