import { customerParamSchema, staffBilledPlanSchema } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditActor } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { BillingService } from '../billing/service';

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
 */

export interface BillingRouteHelpers {
  billing: BillingService;
  actorOf: (request: FastifyRequest) => AuditActor;
  existingCustomer: (customerId: string, reply: FastifyReply) => Promise<string | null>;
  invalidField: (reply: FastifyReply, field: string) => FastifyReply;
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
}
