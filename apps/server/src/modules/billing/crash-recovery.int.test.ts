import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { charges } from '../../db/schema/payments';
import { sandboxGatewayCharges } from '../../db/schema/gateway';
import { call, crashDrill, signInDemo } from '../../../test/crash-server';
import { freePort } from '../../../test/harness';
import { CHANGE, QUOTE } from '../../../test/billing-fixtures';

// Exactly once across a crash (issue 11): a real server process is killed between the
// gateway's charge and the commit of the plan change (BILLING_TEST_CRASH_AFTER_CHARGE makes it
// exit there), restarted on the same data, and must end with one charge and the plan it paid for.

const drill = crashDrill('portal-crash-');

afterAll(() => drill.cleanup());

describe('a change interrupted between the charge and the commit', () => {
  it('ends, after a restart, with one charge and the plan it paid for', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = drill.start(port, { BILLING_TEST_CRASH_AFTER_CHARGE: 'true' });
    await first.ready();
    const token = await signInDemo(base);
    const customer = await call<{ customer: { subscriptions: { id: string }[] } }>(
      base,
      token,
      '{ customer { subscriptions { id } } }',
    );
    const sub = customer.data?.customer.subscriptions[0]?.id ?? '';
    const vars = { sub, plan: 'weightmanagement', addons: ['high-dose'], length: 6 };
    const quoted = await call<{ subscriptionPriceChangeQuote: { id: string; signature: string } }>(
      base,
      token,
      QUOTE,
      vars,
    );
    const quote = quoted.data?.subscriptionPriceChangeQuote;
    if (!quote) throw new Error(`no quote: ${JSON.stringify(quoted.errors)}`);
    const changeVars = { ...vars, quoteId: quote.id, sig: quote.signature };

    // The process dies after the gateway charged, before the plan change committed.
    await expect(call(base, token, CHANGE, changeVars)).rejects.toThrow();
    expect(await first.exited).toBe(70);

    const second = drill.start(port);
    await second.ready();
    const token2 = await signInDemo(base);
    const plan = await call<{ customerSubscription: { term: number; item_price_id: string } }>(
      base,
      token2,
      'query S($id: ID!) { customerSubscription(subscriptionId: $id) { term item_price_id addons } }',
      { id: sub },
    );
    // Reconciliation at start found the gateway's charge and applied the plan it paid for.
    expect(plan.data?.customerSubscription).toEqual({
      term: 6,
      item_price_id: 'weightmanagement-6-month-USD',
      addons: ['high-dose'],
    });
    // The customer's retry answers with that plan and charges nothing more.
    const retry = await call<{ changeCustomerSubscription: { newContractId: string } }>(
      base,
      token2,
      CHANGE,
      changeVars,
    );
    expect(retry.errors).toBeUndefined();
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const database = await openDatabase({ pgliteDir: path.join(drill.dataDir, 'pglite') });
    try {
      // The demo's billing history (charges recorded at seed, never sent) is left out.
      const ours = (await database.db.select().from(charges)).filter(
        (c) => !c.idempotencyKey.startsWith('demo:'),
      );
      const gateway = await database.db.select().from(sandboxGatewayCharges);
      expect(ours.map((c) => [c.idempotencyKey, c.status])).toEqual([[quote.id, 'succeeded']]);
      expect(gateway.map((c) => [c.idempotencyKey, c.status, c.amount])).toEqual([
        [quote.id, 'succeeded', ours[0]?.amount],
      ]);
      expect((ours[0]?.result as { newContractId?: string }).newContractId).toBe(
        retry.data?.changeCustomerSubscription.newContractId,
      );
    } finally {
      await database.close();
    }
  }, 360_000);
});
