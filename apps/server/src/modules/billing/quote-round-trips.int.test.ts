import type { PriceChangeQuoteInput } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/platform';
import { type TestServer } from '../../../test/harness';
import { customerOnOwnPlan, useBillingServer } from '../../../test/billing-suite';

// Issue 46: the price-change quote answered after about ten database round trips made one
// after another (p99 up to 49 ms on PostgreSQL). Its reads now go out together and its write
// is one statement; these tests hold it to that, and to the audit row the write still carries.

let server: TestServer;
useBillingServer((started) => (server = started));

interface Queryable {
  query: (...args: unknown[]) => Promise<unknown>;
}

/**
 * How many times the database went from idle to busy while `body` ran: queries sent together
 * count once, a query sent only after the previous answer counts again (the waits a request
 * makes one after another). Counted at the driver (node-postgres' pool or PGlite).
 */
async function databaseWaits(body: () => Promise<unknown>): Promise<number> {
  const client = (server.database.db as unknown as { $client: Queryable }).$client;
  const original = client.query;
  let inFlight = 0;
  let waits = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    if (inFlight === 0) waits += 1;
    inFlight += 1;
    return original.apply(this, args).finally(() => (inFlight -= 1));
  };
  try {
    await body();
  } finally {
    client.query = original;
  }
  return waits;
}

describe('the price-change quote on the database (issue 46)', () => {
  it('waits on the database three times: the request-only reads, the ones after the plan, the write', async () => {
    server.clock.set('2026-03-10T18:00:00Z');
    const alex = await customerOnOwnPlan(server);
    const input: PriceChangeQuoteInput = {
      existingSubscriptionId: alex.subscription.id,
      newSubscriptionPlanType: 'weightmanagement',
      newAddons: ['high-dose'],
      newContractLength: 12,
      isUpfrontPayment: false,
    };
    const actor = { type: 'customer' as const, id: alex.customer.id };
    // Once first, so nothing a first call prepares (statements, caches) is counted.
    await server.services.billing.quote(alex.customer.id, input, actor);

    let quoteId = '';
    const waits = await databaseWaits(async () => {
      quoteId = (await server.services.billing.quote(alex.customer.id, input, actor)).id;
    });
    expect(waits).toBeLessThanOrEqual(3);

    // The one statement still writes the quote's audit row, naming it.
    const audited = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'billing_quote'), eq(auditLog.entityId, quoteId)));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      actorType: 'customer',
      actorId: alex.customer.id,
      action: 'create',
      details: { subscriptionId: alex.subscription.id },
    });
  });
});
