import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { PaymentGateway } from '../../platform/gateway/gateway';
import type { PaymentsService } from './service';

/*
 * The processor's webhook (DESIGN §4; issue 39): POST /webhooks/gateway with the raw body and
 * the processor's signature header (the sandbox's `gateway-signature: t=<unix s>,v1=<HMAC>`,
 * Stripe's `stripe-signature`), checked by the configured adapter with a 300 s tolerance.
 *   401 {error: {code: 'invalid-signature', reason}}  missing, malformed, stale or mismatched
 *   400 {error: {code: 'invalid-input'}}              a signed body that is not an event
 *   200 {received: true, outcome}                      completed (a checkout paid) | settled
 *                                                      (a charge) | duplicate (event id seen:
 *                                                      nothing changes) | ignored
 * Nothing changes on any refusal; a replayed event id is answered 200 so the processor stops
 * retrying it, and changes nothing.
 */
export const GATEWAY_WEBHOOK_PATH = '/webhooks/gateway';

export function paymentWebhookRoutes(
  app: FastifyInstance,
  options: { payments: PaymentsService; gateway: PaymentGateway; clock: Clock },
  done: () => void,
) {
  // The signature is over the exact bytes sent: this scope keeps the body as a string.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, next) => {
    next(null, body);
  });
  app.post(GATEWAY_WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const check = options.gateway.verifyWebhook(raw, request.headers, options.clock.now());
    if (!check.ok) {
      request.log.warn({ reason: check.reason }, 'processor webhook refused');
      if (check.reason === 'invalid') {
        return reply
          .status(400)
          .send({ error: { code: 'invalid-input', message: 'Not an event.' } });
      }
      return reply.status(401).send({
        error: { code: 'invalid-signature', message: 'Signature refused.', reason: check.reason },
      });
    }
    const outcome = await options.payments.applyEvent(check.event);
    return { received: true, outcome };
  });
  done();
}
