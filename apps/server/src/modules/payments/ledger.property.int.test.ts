import { and, eq, like, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sandboxGatewayCharges, sandboxGatewayRefunds } from '../../db/schema/gateway';
import { auditLog } from '../../db/schema/platform';
import { charges, invoices, paymentRefunds } from '../../db/schema/payments';
import { AppError } from '../../platform/errors';
import { createCustomer } from '../../../test/factories';
import { startTestServer, type TestServer, sandboxOf } from '../../../test/harness';
import type { AuditActor } from '../../platform/audit';
import { GATEWAY_WEBHOOK_PATH } from './webhook-routes';

// The ledger against the processor (issue 39), over random sequences of: charges (a key's
// first attempt and its retries), declines (the charge-declining test card), 3-D Secure asked
// and answered (passed or failed) on the sandbox's page, refunds of random parts, webhook events
// delivered again, and a process "killed" between the processor's answer and our commit (the
// crash hook throws), with reconciliation run between and after. Afterwards, for every key:
// the ledger says what the sandbox's own tables hold (state, amount, payment id), no key was
// charged twice, every paid charge has exactly one invoice and was applied exactly once, and
// the refunds the ledger, the invoice and the processor record agree and never exceed it.

const PURPOSE = 'ledger_property';
const CARDS = {
  pays: '4242424242424242',
  declines: '4000000000000341',
  authenticates: '4000002760003184',
} as const;
type Card = keyof typeof CARDS;
const KEYS = 4;

let server: TestServer;
const staff: AuditActor = { type: 'staff', id: 'property-test' };
const customerActor: AuditActor = { type: 'customer', id: 'property-test' };
/** Every sandbox event sent to our webhook, so a command can deliver one again. */
const events: { payload: string; headers: Record<string, string> }[] = [];

class Crash extends Error {}

beforeAll(async () => {
  server = await startTestServer();
  const { payments } = server.services;
  // A purpose of the test's own: applying a charge leaves one audit row, in its transaction.
  payments.register(PURPOSE, {
    applySucceeded: async (work, charge) => {
      await work.audit({ action: 'update', entity: 'property_effect', entityId: charge.id });
      return { result: { applied: true } };
    },
    applyFailed: () => Promise.resolve({}),
    settled: () => Promise.resolve(),
  });
  sandboxOf(server).checkout.deliverTo(async (payload, headers) => {
    events.push({ payload, headers });
    await deliver(payload, headers);
  });
});
afterAll(async () => {
  await server.close();
});

async function deliver(payload: string, headers: Record<string, string>) {
  const res = await server.app.inject({
    method: 'POST',
    url: GATEWAY_WEBHOOK_PATH,
    payload,
    headers,
  });
  if (res.statusCode >= 300) throw new Error(`webhook answered ${String(res.statusCode)}`);
}

const commandArb = fc.oneof(
  fc.record({
    kind: fc.constant('charge' as const),
    key: fc.nat(KEYS - 1),
    crash: fc.nat(3).map((n) => n === 0),
  }),
  fc.record({ kind: fc.constant('challenge' as const), key: fc.nat(KEYS - 1), pass: fc.boolean() }),
  fc.record({
    kind: fc.constant('refund' as const),
    key: fc.nat(KEYS - 1),
    percent: fc.integer({ min: 1, max: 100 }),
  }),
  fc.record({ kind: fc.constant('repeatEvent' as const), index: fc.nat() }),
  fc.record({ kind: fc.constant('reconcile' as const) }),
);

const scenarioArb = fc.record({
  cards: fc.array(fc.constantFrom<Card>('pays', 'declines', 'authenticates'), {
    minLength: KEYS,
    maxLength: KEYS,
  }),
  commands: fc.array(commandArb, { minLength: 3, maxLength: 14 }),
});

let runs = 0;

it('the ledger equals what the processor holds, whatever the order of events', async () => {
  const { payments } = server.services;
  const sandbox = sandboxOf(server).gateway;
  await fc.assert(
    fc.asyncProperty(scenarioArb, async ({ cards, commands }) => {
      runs += 1;
      const prefix = `prop:${String(runs)}:`;
      const { customer } = await createCustomer(server.database.db);
      const methods: string[] = [];
      for (const card of cards) {
        const token = await sandbox.tokenize({
          cardNumber: CARDS[card],
          expMonth: 12,
          expYear: 2030,
          cvc: '123',
        });
        const attached = await sandbox.attach({ token: token.token, processorCustomerId: null });
        if (!attached.ok) throw new Error('test card refused');
        methods.push(attached.paymentMethod.id);
      }
      const keyOf = (k: number) => `${prefix}${String(k)}`;
      const rowOf = (k: number) => payments.chargeByKey(keyOf(k));

      for (const command of commands) {
        switch (command.kind) {
          case 'charge': {
            const k = command.key;
            const charge = await payments.charging.begin(customerActor, {
              customerId: customer.id,
              subscriptionId: null,
              purpose: PURPOSE,
              reference: keyOf(k),
              key: keyOf(k),
              amount: 1_000 + k * 250,
              paymentMethodId: methods[k] ?? null,
              description: `Property ${String(k)}`,
              onSession: true,
              intent: { k },
              invoice: {
                description: `Property ${String(k)}`,
                lines: [{ kind: 'fee', description: 'Test', amount: 1_000 + k * 250 }],
                serviceDate: '2026-03-10',
                providerName: null,
              },
            });
            if (command.crash) {
              payments.charging.afterGatewayCharge = () => {
                throw new Crash();
              };
            }
            try {
              await payments.charging.complete(customerActor, charge);
            } catch (error) {
              if (!(error instanceof Crash)) throw error;
            } finally {
              payments.charging.afterGatewayCharge = undefined;
            }
            break;
          }
          case 'challenge': {
            // The customer answers the bank's page, whatever our row says (a crash may have
            // left it pending while the processor waits for the answer).
            const held = await sandbox.findCharge(keyOf(command.key));
            if (held?.status === 'requires_action') {
              await sandbox.answerChallenge(held.chargeId, command.pass);
            }
            break;
          }
          case 'refund': {
            const row = await rowOf(command.key);
            if (row?.status !== 'succeeded') break;
            try {
              await payments.refund(staff, row.id, {
                amountCents: Math.max(1, Math.floor((row.amount * command.percent) / 100)),
                reason: 'property',
              });
            } catch (error) {
              if (!(error instanceof AppError) || error.code !== 'REFUND_REFUSED') throw error;
            }
            break;
          }
          case 'repeatEvent': {
            const event = events.length > 0 ? events[command.index % events.length] : undefined;
            if (event) await deliver(event.payload, event.headers);
            break;
          }
          case 'reconcile':
            server.clock.advance(1_000);
            await payments.reconcile();
            break;
        }
      }
      server.clock.advance(1_000);
      await payments.reconcile();
      await expectLedgerMatchesProcessor(prefix);
    }),
    { numRuns: 30 },
  );
}, 300_000);

async function expectLedgerMatchesProcessor(prefix: string) {
  const { db } = server.database;
  const ours = await db
    .select()
    .from(charges)
    .where(like(charges.idempotencyKey, `${prefix}%`));
  const held = await db
    .select()
    .from(sandboxGatewayCharges)
    .where(like(sandboxGatewayCharges.idempotencyKey, `${prefix}%`));
  // One processor charge per key at most (its unique index), and one of ours per key.
  expect(new Set(held.map((h) => h.idempotencyKey)).size).toBe(held.length);
  expect(new Set(ours.map((o) => o.idempotencyKey)).size).toBe(ours.length);
  for (const charge of ours) {
    const at = held.find((h) => h.idempotencyKey === charge.idempotencyKey);
    // Every charge reached the processor (no crash comes before the call), so none is
    // pending or failed once reconciled: ours says what the processor says.
    expect(at, charge.idempotencyKey).toBeDefined();
    expect([charge.status, charge.amount, charge.gatewayChargeId]).toEqual([
      at?.status,
      at?.amount,
      at?.id,
    ]);
    const issued = await db.select().from(invoices).where(eq(invoices.chargeId, charge.id));
    const effects = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'property_effect'), eq(auditLog.entityId, charge.id)));
    const refunds = await db
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.chargeId, charge.id), eq(paymentRefunds.status, 'succeeded')));
    const refunded = refunds.reduce((sum, r) => sum + r.amount, 0);
    const [processorRefunded] = await db
      .select({ cents: sql<number>`coalesce(sum(${sandboxGatewayRefunds.amount}), 0)::int` })
      .from(sandboxGatewayRefunds)
      .where(
        and(
          eq(sandboxGatewayRefunds.chargeId, charge.gatewayChargeId ?? ''),
          eq(sandboxGatewayRefunds.status, 'succeeded'),
        ),
      );
    if (charge.status === 'succeeded') {
      expect(issued.map((i) => [i.status, i.amountPaid, i.amountRefunded])).toEqual([
        ['paid', charge.amount, refunded],
      ]);
      expect(effects[0]?.n).toBe(1);
      expect(charge.fulfilledAt).not.toBeNull();
    } else {
      expect(issued).toEqual([]);
      expect(effects[0]?.n).toBe(0);
    }
    expect(charge.amountRefunded).toBe(refunded);
    expect(processorRefunded?.cents ?? 0).toBe(refunded);
    expect(refunded).toBeLessThanOrEqual(charge.amount);
  }
  // No processor charge the ledger does not know.
  expect(held.map((h) => h.idempotencyKey).sort()).toEqual(
    ours
      .filter((o) => o.status !== 'failed')
      .map((o) => o.idempotencyKey)
      .sort(),
  );
}
