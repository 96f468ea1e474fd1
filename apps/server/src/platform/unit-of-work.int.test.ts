import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/harness';
import type { Database } from '../db/client';
import { featureFlags } from '../db/schema/flags';
import { auditLog } from '../db/schema/platform';
import { UnitOfWork } from './unit-of-work';

// The one transaction idiom: the audit row commits with the change it describes, or neither.
let database: Database;
useTestDatabase((opened) => (database = opened));

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

  it('runs one statement behind the lock: it waits for the holder and sees what it committed', async () => {
    const uow = new UnitOfWork(database.db);
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    const first = uow.run(
      actor,
      async ({ tx }) => {
        await tx.insert(featureFlags).values({ name: 'uow_locked_first', enabled: true });
        await firstHolds;
      },
      { lock: 'customer-2' },
    );
    await new Promise((r) => setTimeout(r, 100));
    // Inserts only when the first unit's row is there: sent before the first commits, it must
    // wait for the lock and then read with a snapshot taken after it.
    const second = uow.runLockedStatement<{ n: number }>(
      'customer-2',
      sql`with added as (
        insert into feature_flags (name, enabled)
        select 'uow_locked_second', true
        where exists (select 1 from feature_flags where name = 'uow_locked_first')
        returning id)
      select count(*)::int as n from added`,
    );
    await new Promise((r) => setTimeout(r, 100));
    releaseFirst();
    await first;
    expect((await second)[0]?.n).toBe(1);
  });

  it('a failing statement leaves nothing behind and the next one runs', async () => {
    const uow = new UnitOfWork(database.db);
    const failure: unknown = await uow
      .runLockedStatement(
        'customer-3',
        sql`with added as (
          insert into feature_flags (name, enabled) values ('uow_failed', true) returning id)
        select 1 / (select count(*) - 1 from added) as boom`,
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    // Drizzle on PGlite wraps the database's error ("Failed query: …") as its cause.
    const messages = [failure, (failure as { cause?: unknown } | null)?.cause].map((e) =>
      e instanceof Error ? e.message : '',
    );
    expect(messages.some((m) => m.includes('division by zero'))).toBe(true);
    const flags = await database.db
      .select()
      .from(featureFlags)
      .where(eq(featureFlags.name, 'uow_failed'));
    expect(flags).toHaveLength(0);
    const [row] = await uow.runLockedStatement<{ ok: number }>('customer-3', sql`select 1 as ok`);
    expect(row?.ok).toBe(1);
  });
});
