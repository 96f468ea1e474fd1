import type {
  createUserHttpSchema,
  oneTimeCodeRequestSchema,
  sendVerificationRequestSchema,
} from '@portal/domain';
import type { z } from 'zod';
import type { Clock } from '../platform/clock';
import type { UnitOfWork, Work } from '../platform/unit-of-work';
import type { OneTimeCodes } from './codes';
import type { CustomerDirectory } from './customer-directory';
import { IdentityError } from './errors';
import { enforceLimit, type IdentityLimiter } from './rate-limits';
import type { RequestMeta } from './sessions';
import type { IdentityStore } from './store';

type CreateUserInput = z.output<typeof createUserHttpSchema>;
type SendVerificationInput = z.output<typeof sendVerificationRequestSchema>;
type CodeInput = z.output<typeof oneTimeCodeRequestSchema>;

export interface SignUpDeps {
  store: IdentityStore;
  customers: CustomerDirectory;
  codes: OneTimeCodes;
  limiter: IdentityLimiter;
  uow: UnitOfWork;
  clock: Clock;
  tenantId: string;
  /** Runs in the sign-up's unit of work once the new user has a customer record. */
  onCustomerSignedUp?:
    ((customer: { customerId: string; email: string }, work: Work) => Promise<void>) | undefined;
}

/** A new login (its password set through a mailed link) and the proof of its email address. */
export class SignUpService {
  constructor(private readonly deps: SignUpDeps) {}

  private checkTenant(tenantId: string): void {
    if (tenantId !== this.deps.tenantId) throw new IdentityError('contact-support');
  }

  /**
   * The login, its customer record (linked when the funnel or the care team made one with this
   * email, else created when names were given) and the referral's move commit together; then a
   * link to set the password goes out.
   */
  async createUser(input: CreateUserInput, meta: RequestMeta): Promise<void> {
    const { email, tenantId, firstName, lastName } = input;
    const { customers } = this.deps;
    await enforceLimit(this.deps.limiter, 'create', meta.ip, email);
    this.checkTenant(tenantId);
    const actor = { type: 'anonymous' as const, id: null, ...meta };
    const user = await this.deps.uow.run(actor, async (work) => {
      const created = await this.deps.store
        .in(work.tx)
        .insertUser({ tenantId, email, role: 'customer' });
      if (!created) return undefined;
      await customers.linkUserByEmail(email, created.id, work.tx);
      let customerId = await customers.customerIdOfUser(created.id, work.tx);
      if (!customerId && firstName && lastName) {
        customerId = await customers.createForUser(
          { userId: created.id, email, firstName, lastName },
          work.tx,
        );
      }
      if (customerId && this.deps.onCustomerSignedUp) {
        await this.deps.onCustomerSignedUp({ customerId, email }, work);
      }
      await work.audit({ action: 'create_user', entity: 'user', entityId: created.id });
      return created;
    });
    if (!user) {
      const existing = await this.deps.store.findUserByEmail(tenantId, email);
      if (existing?.disabledAt) throw new IdentityError('contact-support');
      throw new IdentityError('email-already-in-use');
    }
    await this.deps.codes.mailLink(user, 'reset_password', 'setPassword', '&newAccount=1');
  }

  async sendVerification({ email }: SendVerificationInput, meta: RequestMeta): Promise<void> {
    await enforceLimit(this.deps.limiter, 'verify', meta.ip, email);
    const user = await this.deps.store.findUserByEmail(this.deps.tenantId, email);
    if (!user || user.emailVerifiedAt || user.disabledAt) return;
    await this.deps.codes.mailLink(user, 'verify_email', 'verifyEmail');
  }

  async confirmVerification({ code }: CodeInput, meta: RequestMeta): Promise<{ email: string }> {
    await enforceLimit(this.deps.limiter, 'code', meta.ip);
    const user = await this.deps.codes.spend(code, 'verify_email');
    const now = this.deps.clock.now();
    await this.deps.uow.run({ type: user.role, id: user.id, ...meta }, async (work) => {
      if (!user.emailVerifiedAt) {
        await this.deps.store.in(work.tx).updateUser(user.id, { emailVerifiedAt: now }, now);
      }
      await work.audit({ action: 'email_verified', entity: 'user', entityId: user.id });
    });
    return { email: user.email };
  }
}
