import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oidcStates } from '../db/schema/identity';

export type OidcState = typeof oidcStates.$inferSelect;

/** SQL for Google sign-ins under way; users and codes stay in IdentityStore. */
export class GoogleStore {
  constructor(private readonly db: Db) {}

  async insertState(values: typeof oidcStates.$inferInsert): Promise<void> {
    await this.db.insert(oidcStates).values(values);
  }

  /**
   * Deletes and returns a state in one statement, so a callback replayed (or raced) finds
   * nothing the second time. Expired rows come back too; the caller decides.
   */
  async takeState(state: string): Promise<OidcState | undefined> {
    const [row] = await this.db.delete(oidcStates).where(eq(oidcStates.state, state)).returning();
    return row;
  }

  /** Sign-ins abandoned at the provider leave rows behind; each new start sweeps them. */
  async deleteExpiredStates(now: Date): Promise<void> {
    await this.db.delete(oidcStates).where(lt(oidcStates.expiresAt, now));
  }
}
