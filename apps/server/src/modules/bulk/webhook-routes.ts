import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import { CHECKOUT_COMPLETED } from '../../platform/gateway/checkout';
import { verifyWebhook, WEBHOOK_SIGNATURE_HEADER } from '../../platform/gateway/webhook-signing';
import type { BulkService } from './service';

/*
 * The gateway's webhook (DESIGN §4): POST /webhooks/gateway with the raw JSON body and
 * `gateway-signature: t=<unix s>,v1=<HMAC-SHA256 hex of "t.rawBody">`.
 *   401 {error: {code: 'invalid-signature', reason}}  bad, missing or stale (> 300 s) signature
 *   400 {error: {code: 'invalid-input'}}              a signed body that is not an event
 *   200 {received: true, outcome}                      completed | duplicate (event id seen:
 *                                                      nothing changes) | ignored
 * Nothing changes on any refusal; a replayed event id is answered 200 so the gateway stops
 * retrying it, and changes nothing.
 */
export const GATEWAY_WEBHOOK_PATH = '/webhooks/gateway';

const eventSchema = z.object({
  id: z.string().min(1).max(128),
  type: z.string().min(1).max(64),
  data: z.object({
    checkoutId: z.string().min(1).max(128),
    clientReference: z.string().min(1).max(128),
    amountCents: z.number().int().positive(),
  }),
});

export function gatewayWebhookRoutes(
  app: FastifyInstance,
  options: { bulk: BulkService; clock: Clock; secret: Buffer },
  done: () => void,
) {
  // The signature is over the exact bytes sent: this scope keeps the body as a string.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, next) => {
    next(null, body);
  });
  app.post(GATEWAY_WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const header = request.headers[WEBHOOK_SIGNATURE_HEADER];
    const check = verifyWebhook(
      options.secret,
      Array.isArray(header) ? header[0] : header,
      raw,
      options.clock.now(),
    );
    if (!check.ok) {
      request.log.warn({ reason: check.reason }, 'gateway webhook refused');
      return reply.status(401).send({
        error: { code: 'invalid-signature', message: 'Signature refused.', reason: check.reason },
      });
    }
    let parsed;
    try {
      parsed = eventSchema.safeParse(JSON.parse(raw));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      return reply.status(400).send({ error: { code: 'invalid-input', message: 'Not an event.' } });
    }
    if (parsed.data.type !== CHECKOUT_COMPLETED) return { received: true, outcome: 'ignored' };
    const outcome = await options.bulk.checkoutCompleted(parsed.data);
    return { received: true, outcome };
  });
  done();
}
