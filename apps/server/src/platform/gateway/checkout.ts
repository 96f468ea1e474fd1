import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxGatewayCharges, sandboxGatewayCheckouts } from '../../db/schema/gateway';
import type { Clock } from '../clock';
import { IdempotencyKeyReused, type CheckoutRequest } from './gateway';
import { CHECKOUT_COMPLETED, type SandboxEvent } from './sandbox-events';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from './webhook-signing';

// The sandbox gateway's hosted buy-now-pay-later checkout (DESIGN §4, §6), and the sender of
// all its signed webhooks: our server opens a checkout with the amount and a client reference
// (the customer action id); the customer finishes it on the gateway's own page
// (checkout-routes.ts); the gateway then calls our webhook, signed, as an outside processor
// would. The 3-D Secure challenge (authenticate-routes.ts) sends its events the same way.

export { CHECKOUT_COMPLETED, type CheckoutEvent } from './sandbox-events';

/** Sends a webhook: the raw body and its headers (the app wires it to its webhook route). */
export type WebhookDelivery = (rawBody: string, headers: Record<string, string>) => Promise<void>;

export type CheckoutRow = typeof sandboxGatewayCheckouts.$inferSelect;

export const CHECKOUT_PATH = '/gateway/sandbox/checkout';

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

export class SandboxCheckout {
  private deliver: WebhookDelivery | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly webhookSecret: Buffer,
  ) {}

  /** Where events are reported (set once the HTTP side exists). */
  deliverTo(delivery: WebhookDelivery): void {
    this.deliver = delivery;
  }

  /**
   * Opens a checkout once per idempotency key: a retry after a lost answer gets the same page,
   * so the customer can never be sent to pay twice for one action.
   */
  async create(request: CheckoutRequest): Promise<{ id: string; path: string }> {
    const requestHash = createHash('sha256')
      .update(`${request.clientReference}|${String(request.amountCents)}`)
      .digest('hex');
    // The unique key decides, as for charges: no read before the write.
    const [inserted] = await this.db
      .insert(sandboxGatewayCheckouts)
      .values({
        id: newId('cs'),
        idempotencyKey: request.idempotencyKey,
        requestHash,
        clientReference: request.clientReference,
        amount: request.amountCents,
        description: request.description,
        returnUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        createdAt: this.clock.now(),
      })
      .onConflictDoNothing({ target: sandboxGatewayCheckouts.idempotencyKey })
      .returning();
    const row =
      inserted ??
      (
        await this.db
          .select()
          .from(sandboxGatewayCheckouts)
          .where(eq(sandboxGatewayCheckouts.idempotencyKey, request.idempotencyKey))
      )[0];
    if (!row) throw new Error('sandbox checkout vanished');
    if (row.requestHash !== requestHash) throw new IdempotencyKeyReused(request.idempotencyKey);
    return { id: row.id, path: `${CHECKOUT_PATH}/${row.id}` };
  }

  async find(id: string): Promise<CheckoutRow | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxGatewayCheckouts)
      .where(eq(sandboxGatewayCheckouts.id, id));
    return row;
  }

  /**
   * The customer agrees on the hosted page: the checkout is paid once (conditional update),
   * with the succeeded payment behind it recorded in the same transaction (refunds go to it),
   * and the signed event goes to the merchant. A repeat answers the row without a new event.
   */
  async complete(id: string): Promise<CheckoutRow | undefined> {
    const now = this.clock.now();
    const chargeId = newId('ch');
    const paid = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(sandboxGatewayCheckouts)
        .set({ status: 'paid', paidAt: now, chargeId })
        .where(and(eq(sandboxGatewayCheckouts.id, id), eq(sandboxGatewayCheckouts.status, 'open')))
        .returning();
      if (!row) return undefined;
      await tx.insert(sandboxGatewayCharges).values({
        id: chargeId,
        // A hosted checkout's payment is not made with a key of ours (Stripe's neither).
        idempotencyKey: `checkout:${row.id}`,
        requestHash: row.requestHash ?? '',
        checkoutId: row.id,
        amount: row.amount,
        description: row.description,
        status: 'succeeded',
        createdAt: now,
      });
      return row;
    });
    if (!paid) return this.find(id);
    await this.send({
      id: newId('evt'),
      type: CHECKOUT_COMPLETED,
      created: Math.floor(now.getTime() / 1000),
      data: {
        checkoutId: paid.id,
        clientReference: paid.clientReference,
        amountCents: paid.amount,
        chargeId,
      },
    });
    return paid;
  }

  /** Signs and sends an event now (the challenge page, redelivery and tests use it too). */
  async send(event: SandboxEvent): Promise<void> {
    if (!this.deliver) throw new Error('no webhook delivery configured');
    const raw = JSON.stringify(event);
    const timestamp = Math.floor(this.clock.now().getTime() / 1000);
    await this.deliver(raw, {
      'content-type': 'application/json',
      [WEBHOOK_SIGNATURE_HEADER]: signWebhook(this.webhookSecret, timestamp, raw),
    });
  }
}
