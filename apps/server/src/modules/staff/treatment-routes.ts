import {
  createPrescriptionSchema,
  customerParamSchema,
  labResultSchema,
  prescriptionParamSchema,
  prescriptionStatusSchema,
  shipmentEventsSchema,
  shipmentInputSchema,
  shipmentParamSchema,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditActor } from '../../platform/audit';
import type { StaffService } from './service';
import { isMissing } from './treatment-records';

/*
 * Staff API, treatment records (issue 10). Same auth, errors and audit as routes.ts.
 *
 *   POST /staff/customers/:customerId/prescriptions  {kits: [{catalogName, kitName, directions,
 *        quantity, strength?, form, internalType?, refills?, volumeMl?, weeklyDoseMg?}],
 *        mediaAssets?: [{src, altText, mimeType}], providerId?, treatmentShortId?, status?,
 *        shipment?: {carrier, trackingNumber?}, writtenAt?, notify?: true}
 *       201 {id, notificationId}; raises prescription_submitted_v1. A tracking number another
 *       shipment of the carrier has is 409 (also on the shipments route).
 *   PUT  /staff/prescriptions/:prescriptionId/status  {status}          200 {id, status}
 *   POST /staff/prescriptions/:prescriptionId/shipments {carrier, trackingNumber?}  201 {id}
 *   POST /staff/shipments/:shipmentId/events  {events: [{status, occurredAt, message?,
 *        location?}]}   200 {added, status}: each scan once; the tracker moves live.
 *   POST /staff/customers/:customerId/lab-results  {fileName (.pdf), contentBase64 (a PDF),
 *        orderedAt, receivedAt?, providerId?, treatmentShortId?, notify?: true}
 *       201 {id, documentId, notificationId}; 409 when that file name is there already;
 *       raises lab_result_received_v1.
 *   POST /staff/carrier-webhook: carrier-webhook-route.ts (signed, no staff token).
 */

const LAB_RESULT_BODY_LIMIT = 8 * 1024 * 1024;

/** A tracking number another shipment of that carrier has (the unique index said so). */
function trackingTaken(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === 'shipments_tracking_uq';
  }
  return false;
}

function trackingConflict(reply: FastifyReply) {
  return reply.status(409).send({
    error: {
      code: 'conflict',
      message: 'Another shipment has that tracking number.',
      fields: { 'shipment.trackingNumber': 'taken' },
    },
  });
}

export interface TreatmentRouteHelpers {
  staff: StaffService;
  actorOf: (request: FastifyRequest) => AuditActor;
  existingCustomer: (customerId: string, reply: FastifyReply) => Promise<string | null>;
  notFound: (reply: FastifyReply, what: string) => FastifyReply;
  invalidField: (reply: FastifyReply, field: string) => FastifyReply;
  foreignKeyViolation: (error: unknown) => string | null;
}

/** The staff-authenticated routes, registered inside routes.ts's staff scope. */
export function treatmentRoutes(scope: FastifyInstance, h: TreatmentRouteHelpers): void {
  const authed = scope.withTypeProvider<ZodTypeProvider>();
  const records = h.staff.treatment;

  authed.post(
    '/staff/customers/:customerId/prescriptions',
    { schema: { hide: true, params: customerParamSchema, body: createPrescriptionSchema } },
    async (request, reply) => {
      const customerId = await h.existingCustomer(request.params.customerId, reply);
      if (!customerId) return reply;
      let result;
      try {
        result = await records.writePrescription(customerId, request.body, h.actorOf(request));
      } catch (error) {
        if (trackingTaken(error)) return trackingConflict(reply);
        if (h.foreignKeyViolation(error) === null) throw error;
        return h.invalidField(reply, 'providerId');
      }
      if (isMissing(result)) return h.invalidField(reply, 'treatmentShortId');
      return reply.status(201).send({
        id: result.prescription.id,
        notificationId: result.notification?.id ?? null,
      });
    },
  );

  authed.put(
    '/staff/prescriptions/:prescriptionId/status',
    { schema: { hide: true, params: prescriptionParamSchema, body: prescriptionStatusSchema } },
    async (request, reply) => {
      const row = await records.setPrescriptionStatus(
        request.params.prescriptionId,
        request.body.status,
        h.actorOf(request),
      );
      if (isMissing(row)) return h.notFound(reply, 'Prescription');
      return { id: row.id, status: row.status };
    },
  );

  authed.post(
    '/staff/prescriptions/:prescriptionId/shipments',
    { schema: { hide: true, params: prescriptionParamSchema, body: shipmentInputSchema } },
    async (request, reply) => {
      let row;
      try {
        row = await records.addShipment(
          request.params.prescriptionId,
          request.body,
          h.actorOf(request),
        );
      } catch (error) {
        if (trackingTaken(error)) return trackingConflict(reply);
        throw error;
      }
      if (isMissing(row)) return h.notFound(reply, 'Prescription');
      return reply.status(201).send({ id: row.id });
    },
  );

  authed.post(
    '/staff/shipments/:shipmentId/events',
    { schema: { hide: true, params: shipmentParamSchema, body: shipmentEventsSchema } },
    async (request, reply) => {
      const result = await records.addShipmentEvents(
        request.params.shipmentId,
        request.body.events,
        h.actorOf(request),
      );
      if (isMissing(result)) return h.notFound(reply, 'Shipment');
      // A new scan may end a stall (or not, if it is old): the claim goes only if it did.
      await h.staff.queue.settle(`shipment:${request.params.shipmentId}`);
      return { added: result.added.length, status: result.prescription.status };
    },
  );

  authed.post(
    '/staff/customers/:customerId/lab-results',
    {
      schema: { hide: true, params: customerParamSchema, body: labResultSchema },
      bodyLimit: LAB_RESULT_BODY_LIMIT,
    },
    async (request, reply) => {
      const customerId = await h.existingCustomer(request.params.customerId, reply);
      if (!customerId) return reply;
      let result;
      try {
        result = await records.attachLabResult(customerId, request.body, h.actorOf(request));
      } catch (error) {
        if (h.foreignKeyViolation(error) === null) throw error;
        return h.invalidField(reply, 'providerId');
      }
      if ('conflict' in result) {
        return reply.status(409).send({
          error: { code: 'conflict', message: 'The customer has a lab result of that name.' },
        });
      }
      if (isMissing(result)) return h.invalidField(reply, 'treatmentShortId');
      return reply.status(201).send({
        id: result.order.id,
        documentId: result.document.id,
        notificationId: result.notification?.id ?? null,
      });
    },
  );
}
