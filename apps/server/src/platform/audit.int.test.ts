import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/platform';
import { useTestDatabase } from '../../test/harness';
import type { Database } from '../db/client';
import { AuditLog } from './audit';

let database: Database;
useTestDatabase((opened) => (database = opened));

/** Drizzle wraps the database error; the reason is in its cause. */
async function failureOf(query: SQL): Promise<string> {
  try {
    await database.db.execute(query);
    return 'no error';
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? String(error);
  }
}

describe('audit log', () => {
  it('records who, what, which row, when and from where', async () => {
    await new AuditLog(database.db).record(
      { type: 'customer', id: 'c-1', ip: '203.0.113.9', requestId: 'req-9' },
      { action: 'read', entity: 'customer', entityId: 'c-1' },
    );
    const [row] = await database.db.select().from(auditLog);
    expect(row).toMatchObject({
      actorType: 'customer',
      actorId: 'c-1',
      action: 'read',
      entity: 'customer',
      entityId: 'c-1',
      ip: '203.0.113.9',
      requestId: 'req-9',
    });
    expect(row?.at).toBeInstanceOf(Date);
  });

  it('is append-only: the database refuses updates and deletes', async () => {
    expect(await failureOf(sql`update audit_log set action = 'changed'`)).toMatch(/append-only/);
    expect(await failureOf(sql`delete from audit_log`)).toMatch(/append-only/);
    const rows = await database.db.select().from(auditLog);
    expect(rows.every((r) => r.action !== 'changed')).toBe(true);
    expect(rows.length).toBeGreaterThan(0);
  });
});
