import {
  customerInvoiceParamSchema,
  customerParamSchema,
  patientAuditQuerySchema,
  patientSearchQuerySchema,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditActor } from '../../platform/audit';
import type { PatientReadModel } from './patient-read';

/*
 * Staff API, the care console's patient page (issue 41). Same auth, errors and audit as
 * routes.ts: a staff token only, 400 invalid-input for a bad query, 404 {error: {code:
 * 'not-found'}} for no such customer. Answers are no-store (they carry PHI).
 *
 *   GET /staff/customers?search=&page=0&pageSize=25
 *       {items: [{id, firstName, lastName, email, stateCode, createdAt, status: active |
 *       inactive | deleted}], total, page, pageSize}: by a part of the name or email, or the
 *       exact id; newest first.
 *   GET /staff/customers/:customerId
 *       The overview in one response (patient-read.ts says what each section holds); audited
 *       once, with the staff member, the patient and the sections read.
 *   GET /staff/customers/:customerId/audit?page=0&pageSize=50
 *       {items: [{id, at, who, actorType, action, entity, entityId, fields, operation}], total,
 *       page, pageSize}: the patient's audit trail, field names only; audited.
 *   GET /staff/customers/:customerId/invoices/:invoiceId/pdf
 *       {downloadUrl}: the invoice's PDF, the 5-minute signed URL the customer's invoices tab
 *       gets (the signing audited); 404 for an invoice that is not this patient's.
 *   GET /staff/message-templates
 *       {templates: [{id, type, description}]}: what POST /staff/message-templates created, by
 *       type; the console sends one's text, edited, through POST …/messages {templateUsedId}.
 */

export interface PatientRouteHelpers {
  patients: PatientReadModel;
  actorOf: (request: FastifyRequest) => AuditActor;
  existingCustomer: (customerId: string, reply: FastifyReply) => Promise<string | null>;
  notFound: (reply: FastifyReply, what: string) => FastifyReply;
}

/** The staff-authenticated routes, registered inside routes.ts's staff scope. */
export function patientRoutes(scope: FastifyInstance, h: PatientRouteHelpers): void {
  const authed = scope.withTypeProvider<ZodTypeProvider>();

  authed.get(
    '/staff/customers',
    { schema: { hide: true, querystring: patientSearchQuerySchema } },
    async (request, reply) => {
      const found = await h.patients.search(request.query);
      return reply.header('cache-control', 'no-store').send(found);
    },
  );

  authed.get(
    '/staff/customers/:customerId',
    { schema: { hide: true, params: customerParamSchema } },
    async (request, reply) => {
      const overview = await h.patients.overview(request.params.customerId, h.actorOf(request));
      if (!overview) return h.notFound(reply, 'Customer');
      return reply.header('cache-control', 'no-store').send(overview);
    },
  );

  authed.get(
    '/staff/customers/:customerId/audit',
    { schema: { hide: true, params: customerParamSchema, querystring: patientAuditQuerySchema } },
    async (request, reply) => {
      const customerId = await h.existingCustomer(request.params.customerId, reply);
      if (!customerId) return reply;
      const trail = await h.patients.auditTrail(customerId, request.query, h.actorOf(request));
      return reply.header('cache-control', 'no-store').send(trail);
    },
  );

  authed.get(
    '/staff/customers/:customerId/invoices/:invoiceId/pdf',
    { schema: { hide: true, params: customerInvoiceParamSchema } },
    async (request, reply) => {
      const customerId = await h.existingCustomer(request.params.customerId, reply);
      if (!customerId) return reply;
      const url = await h.patients.invoicePdfUrl(
        customerId,
        request.params.invoiceId,
        h.actorOf(request),
      );
      if (!url) return h.notFound(reply, 'Invoice');
      return reply.header('cache-control', 'no-store').send({ downloadUrl: url });
    },
  );

  authed.get('/staff/message-templates', { schema: { hide: true } }, async (_request, reply) => {
    const templates = await h.patients.templates();
    return reply.header('cache-control', 'no-store').send({ templates });
  });
}
