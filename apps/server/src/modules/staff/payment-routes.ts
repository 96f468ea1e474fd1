import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditActor } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { ChargeRow, PaymentsService, RefundRow } from '../payments/service';
import type { QueueService } from './queue-service';
import { alreadyDone } from './queue-routes';

/*
 * Staff API, payments (issue 39). Same auth, errors and audit as routes.ts.
 *
 *   GET  /staff/charges/:chargeId
 *       A charge of the ledger and its refunds: 200 {charge: {id, customerId, purpose, amount,
 *       amountRefunded, status, createdAt}, refunds: [refund…]}; 404 when there is none.
 *   POST /staff/charges/:chargeId/refunds   {amountCents: 1.., reason: 1..500 chars}
 *       Refunds all or part of a succeeded charge through the processor, exactly once, never
 *       more than what is left of it (concurrent refunds included). The invoice shows it and
 *       the customer gets a mail. 201 {refund: {id, chargeId, amountCents, status, reason,
 *       processorReason, createdAt}} with status succeeded, processing (the processor's
 *       pending) or pending (no answer yet: the payments job asks again); 404 for no such
 *       charge; 409 {error: {code: 'REFUND_REFUSED', reason}} with reason notRefundable (not
 *       paid, or paid by credits only), exceedsCharge (more than what is left) or
 *       processorRefused (the processor said no; nothing was refunded).
 *   GET  /staff/payments/attention
 *       Money the care team must look at (issue 45), oldest first, at most 200: 200 {charges:
 *       [{id, customerId, purpose, reference, method, amount, amountRefunded, status,
 *       attention, details, attentionAt, createdAt, refunds: [refund…]}]}. attention is
 *       notApplied (a paid checkout that paid for nothing payable: refunded in full through
 *       the processor, never applied; details.why says why) or creditsShort (a late success
 *       after a failure whose credits could not all be taken again: details.shortCents).
 *   POST /staff/payments/attention/:chargeId/resolve
 *       The care team has dealt with it: it leaves the list. 200 {charge: {id, attention,
 *       attentionResolvedAt}}; 404 when the charge has no attention; 409 {error: {code:
 *       'already-done', message: 'Already resolved by <name> at <time>.'}} when someone
 *       resolved it first. Audited.
 */

const chargeParamSchema = z.strictObject({ chargeId: z.uuid() });

/** A refund as the care team asks for it (the API's own input: no customer form sends it). */
const refundSchema = z.strictObject({
  amountCents: z.number().int().positive().max(100_000_000),
  reason: z.string().trim().min(1).max(500),
});

export interface PaymentRouteHelpers {
  payments: PaymentsService;
  actorOf: (request: FastifyRequest) => AuditActor;
  notFound: (reply: FastifyReply, what: string) => FastifyReply;
  /** The care queue, whose claim on the charge goes when its attention is resolved. */
  queue: QueueService;
}

function refundView(refund: RefundRow) {
  return {
    id: refund.id,
    chargeId: refund.chargeId,
    amountCents: refund.amount,
    status: refund.status,
    reason: refund.reason,
    processorReason: refund.processorReason,
    createdAt: refund.createdAt.toISOString(),
  };
}

function attentionView(charge: ChargeRow, refunds: RefundRow[]) {
  return {
    id: charge.id,
    customerId: charge.customerId,
    purpose: charge.purpose,
    reference: charge.reference,
    method: charge.method,
    amount: charge.amount,
    amountRefunded: charge.amountRefunded,
    status: charge.status,
    attention: charge.attention,
    details: charge.attentionDetails ?? null,
    attentionAt: charge.attentionAt?.toISOString() ?? null,
    createdAt: charge.createdAt.toISOString(),
    refunds: refunds.map(refundView),
  };
}

/** The staff-authenticated payment routes, registered inside routes.ts's staff scope. */
export function paymentRoutes(scope: FastifyInstance, h: PaymentRouteHelpers): void {
  const authed = scope.withTypeProvider<ZodTypeProvider>();

  authed.get(
    '/staff/charges/:chargeId',
    { schema: { hide: true, params: chargeParamSchema } },
    async (request, reply) => {
      const found = await h.payments.chargeWithRefunds(request.params.chargeId);
      if (!found) return h.notFound(reply, 'Charge');
      const { charge, refunds } = found;
      return {
        charge: {
          id: charge.id,
          customerId: charge.customerId,
          purpose: charge.purpose,
          amount: charge.amount,
          amountRefunded: charge.amountRefunded,
          status: charge.status,
          createdAt: charge.createdAt.toISOString(),
        },
        refunds: refunds.map(refundView),
      };
    },
  );

  authed.get('/staff/payments/attention', { schema: { hide: true } }, async () => {
    const rows = await h.payments.attention();
    return { charges: rows.map(({ charge, refunds }) => attentionView(charge, refunds)) };
  });

  authed.post(
    '/staff/payments/attention/:chargeId/resolve',
    { schema: { hide: true, params: chargeParamSchema } },
    async (request, reply) => {
      const row = await h.payments.resolveAttention(h.actorOf(request), request.params.chargeId);
      if (!row) {
        const charge = (await h.payments.chargeWithRefunds(request.params.chargeId))?.charge;
        if (charge?.attention && charge.attentionResolvedAt) {
          return alreadyDone(reply, h.queue, {
            verb: 'resolved',
            by: charge.attentionResolvedBy,
            at: charge.attentionResolvedAt,
          });
        }
        return h.notFound(reply, 'Charge needing attention');
      }
      await h.queue.done(`renewal_failed:${row.id}`);
      return {
        charge: {
          id: row.id,
          attention: row.attention,
          attentionResolvedAt: row.attentionResolvedAt?.toISOString() ?? null,
        },
      };
    },
  );

  authed.post(
    '/staff/charges/:chargeId/refunds',
    { schema: { hide: true, params: chargeParamSchema, body: refundSchema } },
    async (request, reply) => {
      let refund;
      try {
        refund = await h.payments.refund(h.actorOf(request), request.params.chargeId, request.body);
      } catch (error) {
        if (error instanceof AppError && error.code === 'REFUND_REFUSED') {
          if (error.reason === 'notFound') return h.notFound(reply, 'Charge');
          return reply.status(409).send({
            error: { code: error.code, message: error.message, reason: error.reason },
          });
        }
        throw error;
      }
      if (refund.status === 'failed') {
        return reply.status(409).send({
          error: {
            code: 'REFUND_REFUSED',
            message: 'The processor refused the refund; nothing was refunded.',
            reason: 'processorRefused',
            refund: refundView(refund),
          },
        });
      }
      return reply.status(201).send({ refund: refundView(refund) });
    },
  );
}
