import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditActor } from '../../platform/audit';
import type { VisitCancellation } from '../appointments/calendar-cancellation';

/*
 * Staff API, issue 43. Same auth, errors and audit as routes.ts.
 *
 *   POST /staff/customers/:customerId/appointments/:appointmentId/cancel
 *       200 {id, status: 'cancelled', sequence}; the customer gets the cancellation mail with
 *       a METHOD:CANCEL calendar file. 404 when the visit is not that customer's or is no
 *       longer scheduled.
 */

const visitParamSchema = z.object({ customerId: z.uuid(), appointmentId: z.uuid() });

export interface CancelVisitRouteHelpers {
  cancellation: VisitCancellation;
  actorOf: (request: FastifyRequest) => AuditActor;
  notFound: (reply: FastifyReply, what: string) => FastifyReply;
}

export function cancelVisitRoutes(scope: FastifyInstance, helpers: CancelVisitRouteHelpers) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/staff/customers/:customerId/appointments/:appointmentId/cancel',
    { schema: { hide: true, params: visitParamSchema } },
    async (request, reply) => {
      const { customerId, appointmentId } = request.params;
      const row = await helpers.cancellation.cancel(
        customerId,
        appointmentId,
        helpers.actorOf(request),
      );
      if (!row) return helpers.notFound(reply, 'Scheduled appointment');
      return { id: row.id, status: row.status, sequence: row.sequence };
    },
  );
}
