import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxGatewayCheckouts } from '../../db/schema/gateway';
import type { Clock } from '../clock';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from './webhook-signing';

// The sandbox gateway's hosted buy-now-pay-later checkout (DESIGN §4, §6): our server opens a
// checkout with the amount and a client reference (the customer action id); the customer
// finishes it on the gateway's own page (checkout-routes.ts); the gateway then calls our
// webhook, signed, as an outside processor would. Its records are its own table.

export const CHECKOUT_COMPLETED = 'checkout.completed';

export interface CheckoutEvent {
  id: string;
  type: typeof CHECKOUT_COMPLETED;
  created: number;
  data: { checkoutId: string; clientReference: string; amountCents: number };
}

/** Sends a webhook: the raw body and its headers (the app wires it to its webhook route). */
export type WebhookDelivery = (rawBody: string, headers: Record<string, string>) => Promise<void>;

export type CheckoutRow = typeof sandboxGatewayCheckouts.$inferSelect;

export const CHECKOUT_PATH = '/gateway/sandbox/checkout';

export class SandboxCheckout {
  private deliver: WebhookDelivery | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly webhookSecret: Buffer,
  ) {}

  /** Where completed checkouts are reported (set once the HTTP side exists). */
  deliverTo(delivery: WebhookDelivery): void {
    this.deliver = delivery;
  }

  async create(values: {
    clientReference: string;
    amountCents: number;
    description: string;
    returnUrl: string;
  }): Promise<{ id: string; path: string }> {
    const id = `cs_${randomBytes(12).toString('base64url')}`;
    await this.db.insert(sandboxGatewayCheckouts).values({
      id,
      clientReference: values.clientReference,
      amount: values.amountCents,
      description: values.description,
      returnUrl: values.returnUrl,
      createdAt: this.clock.now(),
    });
    return { id, path: `${CHECKOUT_PATH}/${id}` };
  }

  async find(id: string): Promise<CheckoutRow | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxGatewayCheckouts)
      .where(eq(sandboxGatewayCheckouts.id, id));
    return row;
  }

  /**
   * The customer agrees on the hosted page: the checkout is paid once (conditional update)
   * and the signed event goes to the merchant. A repeat answers the row without a new event.
   */
  async complete(id: string): Promise<CheckoutRow | undefined> {
    const now = this.clock.now();
    const [paid] = await this.db
      .update(sandboxGatewayCheckouts)
      .set({ status: 'paid', paidAt: now })
      .where(and(eq(sandboxGatewayCheckouts.id, id), eq(sandboxGatewayCheckouts.status, 'open')))
      .returning();
    if (!paid) return this.find(id);
    const event: CheckoutEvent = {
      id: `evt_${randomBytes(12).toString('base64url')}`,
      type: CHECKOUT_COMPLETED,
      created: Math.floor(now.getTime() / 1000),
      data: {
        checkoutId: paid.id,
        clientReference: paid.clientReference,
        amountCents: paid.amount,
      },
    };
    await this.send(event);
    return paid;
  }

  /** Signs and sends an event now (redelivery and tests use it too). */
  async send(event: CheckoutEvent): Promise<void> {
    if (!this.deliver) throw new Error('no webhook delivery configured');
    const raw = JSON.stringify(event);
    const timestamp = Math.floor(this.clock.now().getTime() / 1000);
    await this.deliver(raw, {
      'content-type': 'application/json',
      [WEBHOOK_SIGNATURE_HEADER]: signWebhook(this.webhookSecret, timestamp, raw),
    });
  }
}
