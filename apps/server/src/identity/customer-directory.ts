import type { Db } from '../db/client';

/** A new login's customer record (a sign-up that gave its names). */
export interface NewCustomerOfUser {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * The customer record behind a login, as identity needs it. Identity sits below the modules, so
 * it names neither the customers' table nor their service: the composition root hands it the
 * customers module's (CustomerService). `db`, when given, is the caller's transaction (a unit of
 * work's `tx`), so a sign-up's user and customer commit together.
 */
export interface CustomerDirectory {
  /** The customer of a login, or null (a care-team account, or a sign-up without names). */
  customerIdOfUser(userId: string, db?: Db): Promise<string | null>;
  /** Links the customer record created elsewhere (funnel, care team) with this email, if unlinked. */
  linkUserByEmail(email: string, userId: string, db?: Db): Promise<void>;
  /** Creates the login's customer record; answers its id. The caller writes the audit row. */
  createForUser(customer: NewCustomerOfUser, db?: Db): Promise<string>;
}
