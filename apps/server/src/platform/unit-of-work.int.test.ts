import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import type { Database } from '../db/client';
import { auditLog, featureFlags } from '../db/schema/index';
import { UnitOfWork } from './unit-of-work';

// The one transaction idiom: the audit row commits with the change it describes, or neither.
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

const actor = { type: 'staff' as const, id: 'uow-test' };

async function auditRowsFor(entityId: string) {
  return database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
}

describe('UnitOfWork', () => {
  it('commits the change and its audit row together', async () => {
    const uow = new UnitOfWork(database.db);
    await uow.run(actor, async ({ tx, audit }) => {
      await tx.insert(featureFlags).values({ name: 'uow_committed', enabled: true });
      await audit({ action: 'update', entity: 'feature_flag', entityId: 'uow_committed' });
    });
    const flags = await database.db
      .select()
      .from(featureFlags)
      .where(eq(featureFlags.name, 'uow_committed'));
    expect(flags).toHaveLength(1);
    const rows = await auditRowsFor('uow_committed');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorType: 'staff', actorId: 'uow-test', action: 'update' });
  });

  it('rolls the audit row back with a change that fails after it was written', async () => {
    const uow = new UnitOfWork(database.db);
    await expect(
      uow.run(actor, async ({ tx, audit }) => {
        await tx.insert(featureFlags).values({ name: 'uow_rolled_back', enabled: true });
        await audit({ action: 'update', entity: 'feature_flag', entityId: 'uow_rolled_back' });
        throw new Error('the change fails after its audit row');
      }),
    ).rejects.toThrow('the change fails after its audit row');
    const flags = await database.db
      .select()
      .from(featureFlags)
      .where(eq(featureFlags.name, 'uow_rolled_back'));
    expect(flags).toHaveLength(0);
    expect(await auditRowsFor('uow_rolled_back')).toHaveLength(0);
  });

  it('queues units of work that take the same lock', async () => {
    const uow = new UnitOfWork(database.db);
    const order: string[] = [];
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    const first = uow.run(
      actor,
      async () => {
        order.push('first in');
        await firstHolds;
        order.push('first out');
      },
      { lock: 'customer-1' },
    );
    // On PostgreSQL the lock is what orders them (PGlite, one connection, queues them anyway).
    // Give the first unit time to take its lock before the second asks for it.
    await new Promise((r) => setTimeout(r, 100));
    const second = uow.run(actor, () => Promise.resolve(order.push('second in')), {
      lock: 'customer-1',
    });
    await new Promise((r) => setTimeout(r, 100));
    releaseFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['first in', 'first out', 'second in']);
  });
});
