import { measurementChangeDecisionSchema } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditActor } from '../../platform/audit';
import type { StaffService } from './service';

/*
 * Staff API, weight tracking (issue 13; spec 02 §6: only the provider team changes a starting
 * weight). Same auth, errors and audit as routes.ts.
 *
 *   POST /staff/measurement-change-forms/:formId/decision  {decision: approved | declined,
 *        note?}  200 {id, status, measurementId}: approving records the starting weight
 *        (source care_team); 404 when no pending request has that id.
 */

const formParamSchema = z.object({ formId: z.uuid() });

export interface WeightRouteHelpers {
  staff: StaffService;
  actorOf: (request: FastifyRequest) => AuditActor;
  notFound: (reply: FastifyReply, what: string) => FastifyReply;
}

/** The staff-authenticated routes, registered inside routes.ts's staff scope. */
export function weightRoutes(scope: FastifyInstance, h: WeightRouteHelpers): void {
  const authed = scope.withTypeProvider<ZodTypeProvider>();

  authed.post(
    '/staff/measurement-change-forms/:formId/decision',
    { schema: { hide: true, params: formParamSchema, body: measurementChangeDecisionSchema } },
    async (request, reply) => {
      const decided = await h.staff.weight.decide(
        request.params.formId,
        request.body,
        h.actorOf(request),
      );
      if (!decided) return h.notFound(reply, 'Pending change request');
      return reply.send({
        id: decided.form.id,
        status: decided.form.status,
        measurementId: decided.measurement?.id ?? null,
      });
    },
  );
}
