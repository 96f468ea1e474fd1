import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxGatewayCharges, sandboxGatewayRefunds } from '../../db/schema/gateway';
import { IdempotencyKeyReused, type RefundRequest, type RefundResult } from './gateway';

// The sandbox's refunds, as a processor makes them: once per idempotency key, and never more
// in all than the charge took. Reasons for a refusal are the sandbox's own words (Stripe's are
// error codes); the payments module treats any refusal alike.

export type SandboxRefundRefusal =
  'charge_not_found' | 'charge_not_refundable' | 'invalid_amount' | 'amount_exceeds_charge';

type RefundRow = typeof sandboxGatewayRefunds.$inferSelect;

function resultOf(row: RefundRow): RefundResult {
  // A refused refund is no refund at the processor (Stripe answers an error, not an object),
  // so it has no id to give; the row only keeps the answer for a repeated key.
  return row.status === 'succeeded'
    ? { status: 'succeeded', refundId: row.id }
    : { status: 'failed', refundId: null, reason: row.reason ?? 'charge_not_refundable' };
}

export async function refundCharge(db: Db, request: RefundRequest): Promise<RefundResult> {
  const requestHash = createHash('sha256')
    .update(`${request.chargeId}|${String(request.amountCents)}`)
    .digest('hex');
  const byKey = async (tx: Pick<Db, 'select'>) =>
    (
      await tx
        .select()
        .from(sandboxGatewayRefunds)
        .where(eq(sandboxGatewayRefunds.idempotencyKey, request.idempotencyKey))
    )[0];
  const row = await db.transaction(async (tx) => {
    // The charge's row is locked first: two refunds of one charge at once are decided one
    // after the other, so together they can never exceed it.
    const [charge] = await tx
      .select()
      .from(sandboxGatewayCharges)
      .where(eq(sandboxGatewayCharges.id, request.chargeId))
      .for('update');
    const earlier = await byKey(tx);
    if (earlier) return earlier;
    const [taken] = await tx
      .select({ cents: sql<number>`coalesce(sum(${sandboxGatewayRefunds.amount}), 0)::int` })
      .from(sandboxGatewayRefunds)
      .where(
        and(
          eq(sandboxGatewayRefunds.chargeId, request.chargeId),
          eq(sandboxGatewayRefunds.status, 'succeeded'),
        ),
      );
    const refused: SandboxRefundRefusal | null = !charge
      ? 'charge_not_found'
      : charge.status !== 'succeeded'
        ? 'charge_not_refundable'
        : !Number.isInteger(request.amountCents) || request.amountCents <= 0
          ? 'invalid_amount'
          : (taken?.cents ?? 0) + request.amountCents > charge.amount
            ? 'amount_exceeds_charge'
            : null;
    const [inserted] = await tx
      .insert(sandboxGatewayRefunds)
      .values({
        id: `re_${randomBytes(12).toString('base64url')}`,
        idempotencyKey: request.idempotencyKey,
        requestHash,
        chargeId: request.chargeId,
        amount: Math.max(0, Math.trunc(request.amountCents)),
        status: refused ? 'failed' : 'succeeded',
        reason: refused,
      })
      // The same key sent for an unknown charge at the same moment (no row to lock).
      .onConflictDoNothing({ target: sandboxGatewayRefunds.idempotencyKey })
      .returning();
    return inserted;
  });
  const stored = row ?? (await byKey(db));
  if (!stored) throw new Error('sandbox refund vanished');
  if (stored.requestHash !== requestHash) throw new IdempotencyKeyReused(request.idempotencyKey);
  return resultOf(stored);
}
