import { customerParamSchema } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditActor } from '../../platform/audit';
import type { StaffService } from './service';

/*
 * Staff API, referrals (issue 13). Same auth, errors and audit as routes.ts.
 *
 *   POST /staff/customers/:customerId/referral-first-invoice
 *       The customer (a referee) paid a first invoice: the referral they signed up through
 *       becomes referrer_discount_received and its referrer holds 5000 cents of credit.
 *       200 {id, status, referrerCustomerId, referrerDiscountRemaining}; 404 for an unknown
 *       customer or one with no referral waiting. Billing will call the service itself.
 */

export interface ReferralRouteHelpers {
  staff: StaffService;
  actorOf: (request: FastifyRequest) => AuditActor;
  existingCustomer: (customerId: string, reply: FastifyReply) => Promise<string | null>;
  notFound: (reply: FastifyReply, what: string) => FastifyReply;
}

/** The staff-authenticated referral routes, registered inside routes.ts's staff scope. */
export function referralRoutes(scope: FastifyInstance, h: ReferralRouteHelpers): void {
  const authed = scope.withTypeProvider<ZodTypeProvider>();

  authed.post(
    '/staff/customers/:customerId/referral-first-invoice',
    { schema: { hide: true, params: customerParamSchema } },
    async (request, reply) => {
      const customerId = await h.existingCustomer(request.params.customerId, reply);
      if (!customerId) return reply;
      const row = await h.staff.completeReferralFor(customerId, h.actorOf(request));
      if (!row) return h.notFound(reply, 'Referral waiting for a first invoice');
      return {
        id: row.id,
        status: row.status,
        referrerCustomerId: row.referrerCustomerId,
        referrerDiscountRemaining: row.referrerDiscountRemaining,
      };
    },
  );
}
