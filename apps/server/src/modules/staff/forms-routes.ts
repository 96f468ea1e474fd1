import {
  customerParamSchema,
  idCheckDecisionSchema,
  ID_CHECK_STATUSES,
  SIGNED_URL_TTL_SECONDS,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditActor } from '../../platform/audit';
import { alreadyDone } from './queue-routes';
import type { StaffService } from './service';

/*
 * Staff API, forms and ID checks (issue 15). Same auth, errors and audit as routes.ts.
 *
 *   POST /staff/customers/:customerId/id-verifications
 *        Asks the customer for an ID check: 201 {id, status, notificationId} (a dl notice
 *        pointing at /id-verification); an open check is answered as it is (200).
 *   GET  /staff/id-verifications?status=in_review
 *        200 {items: [{id, customerId, status, submittedAt, rejectionReason}]}
 *   GET  /staff/id-verifications/:verificationId/images
 *        200 {id, status, expiresInSeconds, front, back, selfie}: short-lived signed download
 *        URLs of the images (null for a side not uploaded, or once deleted after a decision),
 *        each signing audited. 404 when there is no check with that id.
 *   POST /staff/id-verifications/:verificationId/decision  {decision: approve | reject,
 *        reason?: document_unreadable | document_expired | document_incomplete |
 *        selfie_mismatch | selfie_unclear | other, note?}
 *        200 {id, status, rejectionReason}: the images are deleted at once; approving
 *        completes the typeform_dl / identification_check requirements and the dl notice.
 *        A rejection needs a reason (400). 404 when there is no check with that id or it is
 *        not in review yet; 409 {error: {code: 'already-done', message: 'Already approved by
 *        <name> at <time>.', by, at}} when it was decided already (two decisions at once: one
 *        stands).
 *   GET  /staff/form-tasks?status=open&customerId=
 *        200 {items: [{id, customerId, responseId, priority, status, summary, createdAt}]}:
 *        what side-effect check-ins raised (urgent first is the caller's sort).
 *   POST /staff/form-tasks/:taskId/resolve
 *        The care team has dealt with the task: 200 {id, status: 'done', resolvedAt}; it leaves
 *        the care queue. 404 for no such task; 409 already-done when someone resolved it first.
 *   POST /staff/form-responses/:responseId/review
 *        A care-team member has read a submitted intake or follow-up (FORM_REVIEW_KINDS):
 *        200 {id, reviewedAt}; it leaves the care queue (form_review). Audited with the patient
 *        and the field names. 404 for no submitted form of those kinds with that id; 409
 *        already-done ('Already reviewed by <name> at <time>.') when someone reviewed it first.
 */

const verificationParamSchema = z.object({ verificationId: z.uuid() });
const taskParamSchema = z.strictObject({ taskId: z.uuid() });
const responseParamSchema = z.strictObject({ responseId: z.uuid() });
const listQuerySchema = z.object({ status: z.enum(ID_CHECK_STATUSES).optional() });
const tasksQuerySchema = z.object({
  status: z.enum(['open', 'done']).optional(),
  customerId: z.uuid().optional(),
});

export interface FormRouteHelpers {
  staff: StaffService;
  actorOf: (request: FastifyRequest) => AuditActor;
  notFound: (reply: FastifyReply, what: string) => FastifyReply;
  customerExists: (customerId: string) => Promise<boolean>;
}

/** The staff-authenticated routes, registered inside routes.ts's staff scope. */
export function formRoutes(scope: FastifyInstance, h: FormRouteHelpers): void {
  const authed = scope.withTypeProvider<ZodTypeProvider>();

  authed.post(
    '/staff/customers/:customerId/id-verifications',
    { schema: { hide: true, params: customerParamSchema } },
    async (request, reply) => {
      const { customerId } = request.params;
      if (!(await h.customerExists(customerId))) return h.notFound(reply, 'Customer');
      const { check, notification } = await h.staff.idVerification.request(
        customerId,
        h.actorOf(request),
      );
      return reply
        .status(notification ? 201 : 200)
        .send({ id: check.id, status: check.status, notificationId: notification?.id ?? null });
    },
  );

  authed.get(
    '/staff/id-verifications',
    { schema: { hide: true, querystring: listQuerySchema } },
    async (request, reply) => {
      const rows = await h.staff.idVerification.list(request.query.status);
      return reply.send({
        items: rows.map((r) => ({
          id: r.id,
          customerId: r.customerId,
          status: r.status,
          submittedAt: r.submittedAt,
          rejectionReason: r.rejectionReason,
        })),
      });
    },
  );

  authed.get(
    '/staff/id-verifications/:verificationId/images',
    { schema: { hide: true, params: verificationParamSchema } },
    async (request, reply) => {
      const found = await h.staff.idVerification.images(
        request.params.verificationId,
        h.actorOf(request),
      );
      if (!found) return h.notFound(reply, 'ID check');
      return reply.header('cache-control', 'no-store').send({
        id: found.check.id,
        status: found.check.status,
        expiresInSeconds: SIGNED_URL_TTL_SECONDS,
        ...found.urls,
      });
    },
  );

  authed.post(
    '/staff/id-verifications/:verificationId/decision',
    { schema: { hide: true, params: verificationParamSchema, body: idCheckDecisionSchema } },
    async (request, reply) => {
      const decided = await h.staff.idVerification.decide(
        request.params.verificationId,
        request.body,
        h.actorOf(request),
      );
      if (!decided) {
        const check = await h.staff.idVerification.byId(request.params.verificationId);
        if (check?.decidedAt) {
          return alreadyDone(reply, h.staff.queue, {
            verb: check.status === 'verified' ? 'approved' : 'rejected',
            by: check.decidedBy,
            at: check.decidedAt,
          });
        }
        return h.notFound(reply, 'ID check in review');
      }
      await h.staff.queue.done(`id_verification:${decided.id}`);
      return reply.send({
        id: decided.id,
        status: decided.status,
        rejectionReason: decided.rejectionReason,
      });
    },
  );

  authed.get(
    '/staff/form-tasks',
    { schema: { hide: true, querystring: tasksQuerySchema } },
    async (request, reply) => {
      const rows = await h.staff.forms.careTasks(request.query);
      return reply.send({
        items: rows.map((r) => ({
          id: r.id,
          customerId: r.customerId,
          responseId: r.responseId,
          priority: r.priority,
          status: r.status,
          summary: r.summary,
          createdAt: r.createdAt,
        })),
      });
    },
  );
  authed.post(
    '/staff/form-tasks/:taskId/resolve',
    { schema: { hide: true, params: taskParamSchema } },
    async (request, reply) => {
      const found = await h.staff.forms.resolveCareTask(request.params.taskId, h.actorOf(request));
      if (!found) return h.notFound(reply, 'Form task');
      const { task, done } = found;
      if (!done) {
        return alreadyDone(reply, h.staff.queue, {
          verb: 'resolved',
          by: task.resolvedBy,
          at: task.resolvedAt,
        });
      }
      await h.staff.queue.done(`side_effect:${task.id}`);
      return reply.send({
        id: task.id,
        status: task.status,
        resolvedAt: task.resolvedAt?.toISOString() ?? null,
      });
    },
  );

  authed.post(
    '/staff/form-responses/:responseId/review',
    { schema: { hide: true, params: responseParamSchema } },
    async (request, reply) => {
      const found = await h.staff.forms.markReviewed(request.params.responseId, h.actorOf(request));
      if (!found) return h.notFound(reply, 'Form to review');
      const { response, done } = found;
      if (!done) {
        return alreadyDone(reply, h.staff.queue, {
          verb: 'reviewed',
          by: response.reviewedBy,
          at: response.reviewedAt,
        });
      }
      await h.staff.queue.done(`form_review:${response.id}`);
      return reply.send({
        id: response.id,
        reviewedAt: response.reviewedAt?.toISOString() ?? null,
      });
    },
  );
}
