import { carrierWebhookSchema } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { verifyWebhook } from '../../platform/gateway/webhook-signing';
import type { StaffService } from './service';
import { isMissing } from './treatment-records';

/*
 * POST /staff/carrier-webhook: a tracking service's event ({id, description, result:
 * {tracking_code, carrier, tracking_details: [{status, datetime, message?, tracking_location?}]}})
 * signed over its exact bytes, as the gateway's webhook is (platform/gateway/webhook-signing.ts):
 *
 *   carrier-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of `${t}.${raw body}`>
 *
 * keyed by CARRIER_WEBHOOK_SECRET, instead of a staff token.
 *   404 when CARRIER_WEBHOOK_SECRET is not set;
 *   401 {error: {code: 'invalid-signature', reason: missing | malformed | stale | mismatch}}
 *       before the body is read in any way: no JSON parse, no field list for a stranger;
 *       stale is a timestamp more than 300 s from the server's clock, either way;
 *   400 {error: {code: 'invalid-input', fields}} for a signed body that is not an event;
 *   200 {matched, added}; a tracker we do not know is matched: false (the sender must not
 *       retry it for days).
 * A delivery replayed inside the 300 s changes nothing (each scan is recorded once); after
 * them it is refused as stale. The old static X-Webhook-Secret header counts for nothing.
 */

export const CARRIER_SIGNATURE_HEADER = 'carrier-signature';

const invalidInput = (fields: Record<string, string>) => ({
  error: { code: 'invalid-input', message: 'The request is not valid.', fields },
});

/** An encapsulated plugin: its raw-body parser applies to this route only. */
export function carrierWebhookRoutes(
  app: FastifyInstance,
  options: { staff: StaffService; secret: string | undefined; clock: Clock },
  done: () => void,
) {
  const key = options.secret ? Buffer.from(options.secret, 'utf8') : null;
  // The signature is over the exact bytes sent, so every body stays a string until it is
  // checked: nothing the sender wrote is parsed before we know who wrote it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, next) => {
    next(null, body);
  });
  app.post('/staff/carrier-webhook', { schema: { hide: true } }, async (request, reply) => {
    if (!key) {
      return reply.status(404).send({ error: { code: 'not-found', message: 'Not found.' } });
    }
    const raw = typeof request.body === 'string' ? request.body : '';
    const header = request.headers[CARRIER_SIGNATURE_HEADER];
    const check = verifyWebhook(
      key,
      typeof header === 'string' ? header : undefined,
      raw,
      options.clock.now(),
    );
    if (!check.ok) {
      request.log.warn({ reason: check.reason }, 'carrier webhook refused');
      return reply.status(401).send({
        error: { code: 'invalid-signature', message: 'Signature refused.', reason: check.reason },
      });
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return reply.status(400).send(invalidInput({ body: 'not JSON' }));
    }
    const parsed = carrierWebhookSchema.safeParse(json);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        fields[issue.path.join('.') || 'body'] ??= issue.message;
      return reply.status(400).send(invalidInput(fields));
    }
    const actor: AuditActor = {
      type: 'system',
      id: 'carrier-webhook',
      ip: request.ip,
      requestId: request.id,
    };
    const result = await options.staff.treatment.carrierEvent(parsed.data, actor);
    if (isMissing(result)) return { matched: false, added: 0 };
    return { matched: true, added: result.added.length };
  });
  done();
}
