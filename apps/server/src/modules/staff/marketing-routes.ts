import { customerParamSchema, marketingAnnouncementSchema } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditActor } from '../../platform/audit';
import type { StaffService } from './service';

/*
 * Staff API, marketing (issue 14). Same auth, errors and audit as routes.ts.
 *
 *   POST /staff/customers/:customerId/marketing-announcements {subject, text}
 *       Sends a marketing announcement mail to the customer through the preference-gated
 *       mailer: a customer who turned Marketing email off gets nothing; otherwise the mail
 *       carries List-Unsubscribe (RFC 8058 one-click). 200 {sent}; 404 for an unknown customer.
 */

export interface MarketingRouteHelpers {
  staff: StaffService;
  actorOf: (request: FastifyRequest) => AuditActor;
  existingCustomer: (customerId: string, reply: FastifyReply) => Promise<string | null>;
  notFound: (reply: FastifyReply, what: string) => FastifyReply;
}

/** The staff-authenticated marketing route, registered inside routes.ts's staff scope. */
export function marketingRoutes(scope: FastifyInstance, h: MarketingRouteHelpers): void {
  const authed = scope.withTypeProvider<ZodTypeProvider>();

  authed.post(
    '/staff/customers/:customerId/marketing-announcements',
    { schema: { hide: true, params: customerParamSchema, body: marketingAnnouncementSchema } },
    async (request, reply) => {
      const customerId = await h.existingCustomer(request.params.customerId, reply);
      if (!customerId) return reply;
      const result = await h.staff.marketing.sendAnnouncement(
        customerId,
        request.body,
        h.actorOf(request),
      );
      if (!result) return h.notFound(reply, 'Customer');
      return result;
    },
  );
}
