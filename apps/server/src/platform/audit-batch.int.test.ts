import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/platform';
import { createCustomer, TEST_PASSWORD } from '../../test/factories';
import { exchangeToken, useTestDatabase, postJson, startTestServer } from '../../test/harness';
import type { Database } from '../db/client';
import { AuditLog } from './audit';

let database: Database;
useTestDatabase((opened) => (database = opened));

async function rowsFor(db: Database['db'], entityId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId));
  return row?.n ?? 0;
}

describe('batched audit log (reads)', () => {
  it('answers before writing, then writes what one turn queued in one insert', async () => {
    const log = new AuditLog(database.db, { batched: true });
    const actor = { type: 'customer' as const, id: 'c-batch', requestId: 'req-1' };
    const before = new Date();
    for (let i = 0; i < 300; i++) {
      await log.record(actor, { action: 'read', entity: 'customer', entityId: 'batch-1' });
    }
    // Nothing has been written yet: the 300 reads returned without a round trip each.
    expect(log.stats().pending).toBe(300);
    await log.flush();
    expect(await rowsFor(database.db, 'batch-1')).toBe(300);
    expect(log.stats()).toMatchObject({ rows: 300, inserts: 1, largestBatch: 300, pending: 0 });
    const [row] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, 'batch-1'))
      .limit(1);
    expect(row).toMatchObject({ actorType: 'customer', actorId: 'c-batch', requestId: 'req-1' });
    // Stamped with the time of the read, not of the insert.
    expect(row!.at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it('writes on its own tick without anyone flushing', async () => {
    const log = new AuditLog(database.db, { batched: true });
    await log.record(
      { type: 'system', id: null },
      { action: 'read', entity: 'x', entityId: 'tick-1' },
    );
    for (let i = 0; i < 50 && (await rowsFor(database.db, 'tick-1')) === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await rowsFor(database.db, 'tick-1')).toBe(1);
    await log.close();
  });

  it('gathers the reads of one window (flushMs) into one insert', async () => {
    const log = new AuditLog(database.db, { batched: true, flushMs: 150 });
    const actor = { type: 'system' as const, id: null };
    const entry = { action: 'read', entity: 'x', entityId: 'window-1' };
    await log.record(actor, entry);
    await new Promise((r) => setTimeout(r, 30));
    await log.record(actor, entry);
    await new Promise((r) => setTimeout(r, 30));
    await log.record(actor, entry);
    // Still inside the window: nothing written yet, all three waiting.
    expect(await rowsFor(database.db, 'window-1')).toBe(0);
    expect(log.stats().pending).toBe(3);
    for (let i = 0; i < 100 && (await rowsFor(database.db, 'window-1')) < 3; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await rowsFor(database.db, 'window-1')).toBe(3);
    expect(log.stats()).toMatchObject({ rows: 3, inserts: 1, largestBatch: 3, pending: 0 });
    await log.close();
  });

  it('keeps rows queued when an insert fails, and writes them once the database answers', async () => {
    let fail = true;
    const failures: number[] = [];
    const flaky = new Proxy(database.db, {
      get(target, key, receiver) {
        // The batch insert is one execute() (json_to_recordset).
        if (key === 'execute' && fail) return () => Promise.reject(new Error('database down'));
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const log = new AuditLog(flaky, { batched: true, onError: (_e, rows) => failures.push(rows) });
    await log.record(
      { type: 'system', id: null },
      { action: 'read', entity: 'x', entityId: 'retry-1' },
    );
    await expect(log.flush()).rejects.toThrow('database down');
    expect(log.stats().pending).toBe(1);
    fail = false;
    await log.close();
    expect(failures).toEqual([1]);
    expect(await rowsFor(database.db, 'retry-1')).toBe(1);
  });
});

describe('graceful stop', () => {
  it('loses no audit row of the reads answered before the app closed', async () => {
    // A tick far longer than the test: the rows reach the table only through the close.
    const server = await startTestServer({ AUDIT_FLUSH_MS: '60000' });
    try {
      const { customer, user } = await createCustomer(server.database.db);
      const signIn = await postJson<{ idToken: string }>(server, '/identity/sign-in', {
        email: user.email,
        password: TEST_PASSWORD,
      });
      const token = (await exchangeToken(server, signIn.body.idToken)).body.access_token ?? '';
      const reads = 40;
      const answers = await Promise.all(
        Array.from({ length: reads }, () =>
          fetch(`${server.url}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ query: 'query GetCustomerData { customer { id } }' }),
          }).then((r) => r.json() as Promise<{ data?: { customer?: { id: string } } }>),
        ),
      );
      expect(answers.every((a) => a.data?.customer?.id === customer.id)).toBe(true);
      expect(server.platform.audit.stats().pending).toBeGreaterThanOrEqual(reads);
      // Stop at once: whatever is still queued must be written by the app's onClose.
      await server.app.close();
      const [row] = await server.database.db
        .select({ n: count() })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entity, 'customer'),
            eq(auditLog.action, 'read'),
            eq(auditLog.entityId, customer.id),
          ),
        );
      expect(row?.n).toBe(reads);
      expect(server.platform.audit.stats().pending).toBe(0);
    } finally {
      await server.close();
    }
  });
});
