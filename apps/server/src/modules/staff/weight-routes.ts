import {
  customerParamSchema,
  measurementChangeDecisionSchema,
  measurementChangeFormSchema,
} from '@portal/domain';
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
 *   POST /staff/customers/:customerId/measurement-change-forms  {startingWeight (hundredths of
 *        a pound), reason?}  201 {id, status: 'pending'}: the care console asks the provider
 *        team for a starting-weight change on the patient's behalf (issue 41), the same request
 *        the patient files with InsertMeasurementChangeForm; the decision route above settles
 *        it. 404 for no such customer.
 */

const formParamSchema = z.object({ formId: z.uuid() });

export interface WeightRouteHelpers {
  staff: StaffService;
  actorOf: (request: FastifyRequest) => AuditActor;
  notFound: (reply: FastifyReply, what: string) => FastifyReply;
  /** The :customerId of a customer that exists; answers 404 itself when there is none. */
  existingCustomer: (customerId: string, reply: FastifyReply) => Promise<string | null>;
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

  authed.post(
    '/staff/customers/:customerId/measurement-change-forms',
    { schema: { hide: true, params: customerParamSchema, body: measurementChangeFormSchema } },
    async (request, reply) => {
      const customerId = await h.existingCustomer(request.params.customerId, reply);
      if (!customerId) return reply;
      const form = await h.staff.weight.requestStartingWeight(
        customerId,
        request.body,
        h.actorOf(request),
      );
      return reply.status(201).send({ id: form.id, status: form.status });
    },
  );
}
