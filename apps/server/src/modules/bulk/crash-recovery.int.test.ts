import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { customerActions } from '../../db/schema/customer-actions';
import { charges, invoices } from '../../db/schema/payments';
import { sandboxGatewayCharges } from '../../db/schema/gateway';
import { call, crashDrill, signInDemo } from '../../../test/crash-server';
import { freePort } from '../../../test/harness';

// Exactly once across a crash (issue 12, billing's drill): a real server process is killed
// between the gateway's charge for a bulk action and the commit that completes the action
// (BILLING_TEST_CRASH_AFTER_CHARGE), restarted on the same data, and must end with one charge
// and a completed action.

const API_KEY = 'crash-staff-api-key-0123456789';
const drill = crashDrill('portal-bulk-crash-', { STAFF_API_KEY: API_KEY });

afterAll(() => drill.cleanup());

const PURCHASE = `mutation P($id: ID!) { purchaseBulkWithChargebee(customerActionId: $id) {
  data { purchaseSucceeded actionCompleted } } }`;

describe('a bulk payment interrupted between the charge and the commit', () => {
  it('ends, after a restart, with one charge and a completed action', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = drill.start(port, { BILLING_TEST_CRASH_AFTER_CHARGE: 'true' });
    await first.ready();
    const token = await signInDemo(base);
    const me = await call<{ customer: { id: string } }>(base, token, '{ customer { id } }');
    const customerId = me.data?.customer.id ?? '';
    const approved = await fetch(`${base}/staff/customers/${customerId}/bulk-orders/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}` },
      body: JSON.stringify({ vialCount: 3 }),
    });
    expect(approved.status).toBe(201);
    const { actionId } = (await approved.json()) as { actionId: string };

    // The process dies after the gateway charged, before the action completed.
    await expect(call(base, token, PURCHASE, { id: actionId })).rejects.toThrow();
    expect(await first.exited).toBe(70);

    const second = drill.start(port);
    await second.ready();
    const token2 = await signInDemo(base);
    const action = await call<{ customerAction: { status: string } }>(
      base,
      token2,
      'query A($id: ID!) { customerAction(id: $id) { status } }',
      { id: actionId },
    );
    // Reconciliation at start found the gateway's charge and completed the action.
    expect(action.data?.customerAction.status).toBe('complete');
    // The customer's retry answers the first outcome and charges nothing more.
    const retry = await call<{
      purchaseBulkWithChargebee: { data: { purchaseSucceeded: boolean; actionCompleted: boolean } };
    }>(base, token2, PURCHASE, { id: actionId });
    expect(retry.data?.purchaseBulkWithChargebee.data).toEqual({
      purchaseSucceeded: true,
      actionCompleted: true,
    });
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const database = await openDatabase({ pgliteDir: path.join(drill.dataDir, 'pglite') });
    try {
      const ours = await database.db
        .select()
        .from(charges)
        .where(and(eq(charges.purpose, 'bulk_order'), eq(charges.reference, actionId)));
      const gateway = await database.db
        .select()
        .from(sandboxGatewayCharges)
        .where(like(sandboxGatewayCharges.idempotencyKey, `bulk:${actionId}:%`));
      const [row] = await database.db
        .select()
        .from(customerActions)
        .where(eq(customerActions.id, actionId));
      expect(ours.map((c) => [c.status, c.fulfilledAt !== null, c.amount])).toEqual([
        ['succeeded', true, 149_700],
      ]);
      // The charge's one invoice, issued when reconciliation settled it.
      const issued = await database.db
        .select()
        .from(invoices)
        .where(eq(invoices.chargeId, ours[0]?.id ?? ''));
      expect(issued.map((i) => [i.status, i.total, i.description])).toEqual([
        ['paid', 149_700, 'Bulk semaglutide, 3 vials'],
      ]);
      expect(gateway.map((c) => [c.status, c.amount])).toEqual([['succeeded', 149_700]]);
      expect(row?.status).toBe('complete');
    } finally {
      await database.close();
    }
  }, 360_000);
});
