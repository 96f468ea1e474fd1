import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createUser } from '../../test/factories';
import { useTestDatabase } from '../../test/harness';
import { IdentityStore } from './store';

// Issue 16: the store's hot statements are prepared once (db/prepared.ts) with their values as
// placeholders. A prepared query belongs to the db it was built from, so a store over a
// transaction must prepare its own, and each run must take its own values.

let database: Database;
useTestDatabase((opened) => (database = opened));

const at = new Date('2026-06-01T12:00:00Z');
const later = new Date('2026-06-02T12:00:00Z');
const newSession = (userId: string) => ({
  userId,
  expiresAt: later,
  authenticatedAt: at,
  createdAt: at,
  lastUsedAt: at,
  userAgent: 'vitest',
  ip: '192.0.2.1',
});

describe('IdentityStore prepared statements', () => {
  it('take each run’s own values: two users, two sessions, each found only as its own', async () => {
    const store = new IdentityStore(database.db);
    const [alice, bob] = [await createUser(database.db), await createUser(database.db)];
    expect((await store.findUserByEmail('portal', alice.email))?.id).toBe(alice.id);
    expect((await store.findUserByEmail('portal', bob.email))?.id).toBe(bob.id);
    expect(await store.findUserByEmail('other-tenant', bob.email)).toBeUndefined();

    const aliceSession = await store.insertSession(newSession(alice.id), 'a'.repeat(64));
    const bobSession = await store.insertSession(newSession(bob.id));
    expect(aliceSession).toMatchObject({ userId: alice.id, ip: '192.0.2.1', expiresAt: later });
    expect(bobSession.userId).toBe(bob.id);
    expect(await store.findRefreshToken('a'.repeat(64))).toMatchObject({
      session: { id: aliceSession.id },
    });

    expect(await store.standingSessionExpiry(alice.id, aliceSession.id, at)).toEqual(later);
    expect(await store.standingSessionExpiry(bob.id, aliceSession.id, at)).toBeUndefined();
    expect(await store.standingSessionExpiry(alice.id, aliceSession.id, later)).toBeUndefined();
  });

  it('run inside the transaction of a store made with in(tx): a rollback leaves no session', async () => {
    const store = new IdentityStore(database.db);
    const user = await createUser(database.db);
    // The pool's store prepares first, so a wrongly shared query would run outside the tx.
    await store.insertSession(newSession(user.id));
    let inside: string | undefined;
    await expect(
      database.db.transaction(async (tx) => {
        const session = await store.in(tx).insertSession(newSession(user.id), 'b'.repeat(64));
        inside = session.id;
        expect(await store.in(tx).standingSessionExpiry(user.id, session.id, at)).toEqual(later);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(inside).toBeDefined();
    expect(await store.standingSessionExpiry(user.id, inside!, at)).toBeUndefined();
    expect(await store.findRefreshToken('b'.repeat(64))).toBeUndefined();
  });
});
