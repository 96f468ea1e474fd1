import { sessions } from '../../../apps/server/src/db/schema/index';
import type { Db } from '../../../apps/server/src/db/client';

/** A signed-in session for a seeded user: access tokens carry its id (sid) and need it to stand. */
export async function openBenchSession(db: Db, userId: string): Promise<string> {
  const now = new Date();
  const [row] = await db
    .insert(sessions)
    .values({ userId, expiresAt: new Date(now.getTime() + 30 * 24 * 3_600_000) })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session not created');
  return row.id;
}
