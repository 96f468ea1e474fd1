import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxGatewayRefunds } from '../../db/schema/gateway';
import { charges, invoices, paymentRefunds } from '../../db/schema/payments';
import { graphql, type TestServer } from '../../../test/harness';
import { staffCall } from '../../../test/messaging-helpers';
import { monthlyCustomer, saveCard } from '../../../test/billing-fixtures';
import { approveBulkOrder, purchaseBulk, useBillingServer } from '../../../test/billing-suite';
import { BULK_PURPOSE } from '../bulk/payment';
import { pdfText } from './pdf-text';

// Issue 39: the care team refunds all or part of a charge through the processor, never more
// than was taken (concurrent refunds included); the invoice shows it; the customer gets a mail.
// Staff routes only: a customer's token, none, or a wrong key is refused.

const API_KEY = 'test-staff-api-key-0123456789';
let server: TestServer;
useBillingServer((started) => (server = started), { env: { STAFF_API_KEY: API_KEY } });

interface RefundAnswer {
  refund?: { id: string; amountCents: number; status: string };
  error?: { code: string; reason?: string };
}

/** A customer who paid 3 vials (149,700 cents) by card: the charge to refund. */
async function paidCharge(card = '4242424242424242') {
  const c = await monthlyCustomer(server);
  expect((await saveCard(server, c.token, card)).errors).toBeUndefined();
  const actionId = await approveBulkOrder(server, API_KEY, c.customer.id, 3);
  await purchaseBulk(server, c.token, actionId);
  const [charge] = await server.database.db
    .select()
    .from(charges)
    .where(and(eq(charges.purpose, BULK_PURPOSE), eq(charges.reference, actionId)));
  if (!charge) throw new Error('no charge');
  return { ...c, charge };
}

const refund = (chargeId: string, amountCents: number, auth = API_KEY) =>
  staffCall<RefundAnswer>(server, 'POST', `/staff/charges/${chargeId}/refunds`, auth, {
    amountCents,
    reason: 'Customer asked',
  });

async function processorRefunded(processorChargeId: string) {
  const [row] = await server.database.db
    .select({ cents: sql<number>`coalesce(sum(${sandboxGatewayRefunds.amount}), 0)::int` })
    .from(sandboxGatewayRefunds)
    .where(
      and(
        eq(sandboxGatewayRefunds.chargeId, processorChargeId),
        eq(sandboxGatewayRefunds.status, 'succeeded'),
      ),
    );
  return row?.cents ?? 0;
}

async function chargeRow(id: string) {
  const [row] = await server.database.db.select().from(charges).where(eq(charges.id, id));
  return row;
}

describe('POST /staff/charges/:chargeId/refunds', () => {
  it('refunds part, then the rest; one more is refused; the invoice and a mail show it', async () => {
    const c = await paidCharge();
    const part = await refund(c.charge.id, 49_700);
    expect(part.status).toBe(201);
    expect(part.body.refund).toMatchObject({ amountCents: 49_700, status: 'succeeded' });
    const rest = await refund(c.charge.id, 100_000);
    expect(rest.status).toBe(201);
    const more = await refund(c.charge.id, 1);
    expect(more.status).toBe(409);
    expect(more.body.error).toMatchObject({ code: 'REFUND_REFUSED', reason: 'exceedsCharge' });
    expect((await chargeRow(c.charge.id))?.amountRefunded).toBe(149_700);
    expect(await processorRefunded(c.charge.gatewayChargeId ?? '')).toBe(149_700);

    const listed = await graphql<{ invoices: { id: string; amount_refunded: number }[] }>(
      server,
      'query { invoices { id amount_refunded amount_paid } }',
      c.token,
    );
    expect(listed.data?.invoices).toEqual([
      expect.objectContaining({ amount_refunded: 149_700, amount_paid: 149_700 }),
    ]);
    const url = await graphql<{ invoicePdfUrl: { downloadUrl: string } }>(
      server,
      'query P($id: ID!) { invoicePdfUrl(invoiceId: $id) { downloadUrl } }',
      c.token,
      { id: listed.data?.invoices[0]?.id },
    );
    const pdf = await fetch(new URL(url.data?.invoicePdfUrl.downloadUrl ?? '', server.url));
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Refunded');
    expect(text).toContain('-$1,497.00');

    const mails = ((await server.outbox?.list()) ?? []).filter((m) => m.to === c.user.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'We refunded $1,000.00',
      'We refunded $497.00',
    ]);
    expect(mails[0]?.text).toContain('Bulk semaglutide, 3 vials');
    const audited = await server.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.chargeId, c.charge.id));
    expect(audited.map((r) => [r.status, r.actorType, r.reason])).toEqual([
      ['succeeded', 'staff', 'Customer asked'],
      ['succeeded', 'staff', 'Customer asked'],
    ]);
  });

  it('concurrent refunds never exceed the charge', async () => {
    const c = await paidCharge();
    // Eight refunds of 40,000 at once: at most three fit in 149,700.
    const answers = await Promise.all(Array.from({ length: 8 }, () => refund(c.charge.id, 40_000)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect([a.status, a.body.error?.reason]).toEqual([409, 'exceedsCharge']);
    }
    expect((await chargeRow(c.charge.id))?.amountRefunded).toBe(120_000);
    expect(await processorRefunded(c.charge.gatewayChargeId ?? '')).toBe(120_000);
    const [invoice] = await server.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.chargeId, c.charge.id));
    expect(invoice?.amountRefunded).toBe(120_000);
  });

  it("is the care team's only: a customer's token, none or a wrong key gets 401 and nothing moves", async () => {
    const c = await paidCharge();
    for (const auth of [c.token, '', 'wrong-key-0123456789']) {
      expect((await refund(c.charge.id, 100, auth)).status).toBe(401);
    }
    const other = await monthlyCustomer(server);
    expect((await refund(c.charge.id, 100, other.token)).status).toBe(401);
    expect((await chargeRow(c.charge.id))?.amountRefunded).toBe(0);
    expect(await processorRefunded(c.charge.gatewayChargeId ?? '')).toBe(0);
  });

  it('refuses a declined charge, an unknown one and a bad amount', async () => {
    const declined = await paidCharge('4000000000000341');
    expect(declined.charge.status).toBe('declined');
    const res = await refund(declined.charge.id, 100);
    expect([res.status, res.body.error?.reason]).toEqual([409, 'notRefundable']);
    expect((await refund('00000000-0000-4000-8000-000000000000', 100)).status).toBe(404);
    const paid = await paidCharge();
    for (const amount of [0, -5, 1.5]) {
      expect((await refund(paid.charge.id, amount)).status).toBe(400);
    }
    expect((await chargeRow(paid.charge.id))?.amountRefunded).toBe(0);
  });
});
