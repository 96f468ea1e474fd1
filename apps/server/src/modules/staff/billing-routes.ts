import { customerParamSchema, staffBilledPlanSchema } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditActor } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { BillingService } from '../billing/service';
import type { QueueService } from './queue-service';
import { alreadyDone } from './queue-routes';

/*
 * Staff API, billing (issue 11). Same auth, errors and audit as routes.ts.
 *
 *   POST /staff/customers/:customerId/billed-plans   {treatmentShortId, newContractLength:
 *                                                      1 | 3 | 6 | 12, isUpfrontPayment?,
 *                                                      newAddons?: sku[], paymentToken?}
 *       Gives the customer a subscription on a contract that starts today, priced from the
 *       price list (nothing is charged), and the card behind a sandbox gateway token when one
 *       is given (the browser-side tokenization: POST /gateway/sandbox/tokens). 201
 *       {subscriptionId, contractId, paymentSourceId}; an unknown treatment or a plan not
 *       offered is 400 on treatmentShortId; a refused card is 400 {error: {code: 'ST102'}}.
 *   POST /staff/charges/:chargeId/retry-renewal
 *       The care queue's renewal_failed: charges the declined renewal's period again now, with
 *       the card on file now, through billing's renewals (the same key sequence as the job, so
 *       a retry and the job, or two retries, charge once). 200 {charge: {id, status:
 *       'succeeded', amount}}: the item leaves the queue (202 with status pending when the
 *       processor has not answered yet: the payments job settles it). 409 {error: {code:
 *       'payment-declined', reason}} when the card is declined again (that attempt is the
 *       queue's item now); 409 already-done when the period has a later attempt already
 *       (someone retried first, or the job did); 409 {error: {code: 'not-due'}} when nothing
 *       is due (the plan changed or ended, or the attempts ran out); 404 for no declined
 *       renewal with that id. Audited as the staff member's charge.
 */

const chargeParamSchema = z.strictObject({ chargeId: z.uuid() });

export interface BillingRouteHelpers {
  billing: BillingService;
  actorOf: (request: FastifyRequest) => AuditActor;
  existingCustomer: (customerId: string, reply: FastifyReply) => Promise<string | null>;
  invalidField: (reply: FastifyReply, field: string) => FastifyReply;
  notFound: (reply: FastifyReply, what: string) => FastifyReply;
  queue: QueueService;
}

/** The staff-authenticated billing routes, registered inside routes.ts's staff scope. */
export function billingRoutes(scope: FastifyInstance, h: BillingRouteHelpers): void {
  const authed = scope.withTypeProvider<ZodTypeProvider>();

  authed.post(
    '/staff/customers/:customerId/billed-plans',
    { schema: { hide: true, params: customerParamSchema, body: staffBilledPlanSchema } },
    async (request, reply) => {
      const customerId = await h.existingCustomer(request.params.customerId, reply);
      if (!customerId) return reply;
      let given;
      try {
        given = await h.billing.giveBilledPlan(customerId, request.body, h.actorOf(request));
      } catch (error) {
        if (error instanceof AppError && (error.code === 'ST102' || error.code === 'ST101')) {
          return reply
            .status(400)
            .send({ error: { code: error.code, message: 'The card was not accepted.' } });
        }
        throw error;
      }
      if (!given) return h.invalidField(reply, 'treatmentShortId');
      return reply.status(201).send(given);
    },
  );
  authed.post(
    '/staff/charges/:chargeId/retry-renewal',
    { schema: { hide: true, params: chargeParamSchema } },
    async (request, reply) => {
      const { chargeId } = request.params;
      const outcome = await h.billing.renewals.retry(chargeId, h.actorOf(request));
      switch (outcome.status) {
        case 'not-found':
          return h.notFound(reply, 'Declined renewal');
        case 'superseded':
          return alreadyDone(reply, h.queue, {
            verb: 'retried',
            by: null,
            at: outcome.next.createdAt,
          });
        case 'not-due':
          return reply.status(409).send({
            error: {
              code: 'not-due',
              message:
                'Nothing is due to retry: the plan changed or ended, or the attempts ran out.',
            },
          });
        case 'charged':
          break;
      }
      const { charge } = outcome;
      // Either way this item is over: paid, or the new declined attempt is the queue's item.
      await h.queue.settle(`renewal_failed:${chargeId}`);
      if (charge.status === 'declined') {
        return reply.status(409).send({
          error: {
            code: 'payment-declined',
            message: 'The card was declined again. Ask the patient to update their card.',
            reason: charge.processorReason ?? 'declined',
          },
        });
      }
      // Succeeded, or no answer from the processor yet (pending: the payments job settles it).
      return reply.status(charge.status === 'succeeded' ? 200 : 202).send({
        charge: { id: charge.id, status: charge.status, amount: charge.amount },
      });
    },
  );
}
