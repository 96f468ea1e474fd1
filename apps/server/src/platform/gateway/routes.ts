import { cardTokenRequestSchema } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { SandboxGateway } from './sandbox';

/*
 * The sandbox gateway's tokenization endpoint: the browser posts the card here, never to our
 * API, and gets a single-use token back (DESIGN §4, §6).
 *
 *   POST /gateway/sandbox/tokens  {cardNumber, expMonth, expYear, cvc, postalCode?}
 *       201 {token, card: {brand, last4, expiryMonth, expiryYear}}
 *       400 {error: {code: 'invalid-card', fields: {cardNumber|expiry|cvc: message key}}}
 *
 * The body is never logged: Fastify logs requests without bodies, and the logger redacts
 * cardNumber and cvc wherever they appear (platform/logger.ts).
 */
export const SANDBOX_TOKENS_PATH = '/gateway/sandbox/tokens';

export function sandboxGatewayRoutes(
  app: FastifyInstance,
  options: { gateway: SandboxGateway; clock: Clock },
  done: () => void,
) {
  app.post(SANDBOX_TOKENS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const now = options.clock.now();
    const schema = cardTokenRequestSchema({
      year: now.getUTCFullYear(),
      month: now.getUTCMonth() + 1,
    });
    const parsed = schema.safeParse(request.body);
    void reply.header('cache-control', 'no-store');
    if (!parsed.success) {
      const fields = Object.fromEntries(
        parsed.error.issues.map((i) => [i.path.join('.') || 'card', i.message]),
      );
      return reply.status(400).send({
        error: { code: 'invalid-card', message: 'The card details are not valid.', fields },
      });
    }
    const { token, ...card } = await options.gateway.tokenize(parsed.data);
    return reply.status(201).send({ token, card });
  });
  done();
}
