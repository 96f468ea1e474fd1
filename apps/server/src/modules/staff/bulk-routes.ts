import {
  customerParamSchema,
  staffBulkApprovalSchema,
  staffBulkDeclineSchema,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditActor } from '../../platform/audit';
import { alreadyDone } from './queue-routes';
import type { StaffService } from './service';

/*
 * Staff API, bulk orders (issue 12). Same auth, errors and audit as routes.ts.
 *
 *   GET  /staff/customers/:customerId/bulk-orders
 *       The customer's bulk orders, newest first: 200 {orders: [{id, vialCount, encounter,
 *       status, actionId, createdAt}]}.
 *   POST /staff/customers/:customerId/bulk-orders/approve   {orderId?} | {vialCount?: 2..6}
 *       Approves the order (its vial count), or a vial count taken another way: a pending
 *       bulk_order_charge action with a numeric vial_count and the bulk payment notification,
 *       in one unit of work. 201 {actionId, vialCount, orderId}; 404 for an order that is not
 *       the customer's; 409 {error: {code: 'already-done', message: 'Already approved by <name>
 *       at <time>.', by, at}} for one decided already (two approvals at once: one wins).
 *       Audited: the staff member, the patient, the order's fields changed.
 *   POST /staff/customers/:customerId/bulk-orders/decline   {orderId, reason: 1..500}
 *       Declines an order awaiting approval (issue 41), in one unit of work: the order becomes
 *       declined (who, when), an audit row (staff member, patient, field names), a notification
 *       telling the patient it was declined and why; the item leaves the queue. 200 {orderId,
 *       status: 'declined'}; 404 for an order that is not the customer's; 409 already-done as
 *       approve answers, for an order decided already (an approval and a decline at once: one).
 *   GET  /staff/bulk-action-failures
 *       Card payments that succeeded while their action could not be completed (spec 02 §8
 *       actionFailure: contact the customer); a job keeps retrying them.
 *       200 {failures: [{chargeId, customerId, actionId, amount, completionError,
 *       completionAttempts, createdAt}]}.
 */

export interface BulkRouteHelpers {
  staff: StaffService;
  actorOf: (request: FastifyRequest) => AuditActor;
  existingCustomer: (customerId: string, reply: FastifyReply) => Promise<string | null>;
  notFound: (reply: FastifyReply, what: string) => FastifyReply;
}

export function bulkRoutes(scope: FastifyInstance, h: BulkRouteHelpers): void {
  const authed = scope.withTypeProvider<ZodTypeProvider>();

  authed.get(
    '/staff/customers/:customerId/bulk-orders',
    { schema: { hide: true, params: customerParamSchema } },
    async (request, reply) => {
      const customerId = await h.existingCustomer(request.params.customerId, reply);
      if (!customerId) return reply;
      const orders = await h.staff.bulk.orders(customerId, h.actorOf(request));
      return {
        orders: orders.map((o) => ({
          id: o.id,
          vialCount: o.vialCount,
          encounter: o.encounter,
          status: o.status,
          actionId: o.actionId,
          createdAt: o.createdAt.toISOString(),
        })),
      };
    },
  );

  authed.post(
    '/staff/customers/:customerId/bulk-orders/approve',
    { schema: { hide: true, params: customerParamSchema, body: staffBulkApprovalSchema } },
    async (request, reply) => {
      const customerId = await h.existingCustomer(request.params.customerId, reply);
      if (!customerId) return reply;
      const approved = await h.staff.bulk.approve(customerId, request.body, h.actorOf(request));
      if (!approved) {
        const { orderId } = request.body;
        const order = orderId ? await h.staff.bulk.orderOf(customerId, orderId) : undefined;
        if (order && order.status !== 'awaiting_approval') {
          return alreadyDone(reply, h.staff.queue, {
            verb: order.status === 'declined' ? 'declined' : 'approved',
            by: order.decidedBy,
            at: order.decidedAt,
          });
        }
        return h.notFound(reply, 'Bulk order awaiting approval');
      }
      if (approved.order) await h.staff.queue.done(`bulk_order:${approved.order.id}`);
      return reply.status(201).send({
        actionId: approved.action.id,
        vialCount: approved.action.metadata.vial_count,
        orderId: approved.order?.id ?? null,
      });
    },
  );

  authed.post(
    '/staff/customers/:customerId/bulk-orders/decline',
    { schema: { hide: true, params: customerParamSchema, body: staffBulkDeclineSchema } },
    async (request, reply) => {
      const customerId = await h.existingCustomer(request.params.customerId, reply);
      if (!customerId) return reply;
      const declined = await h.staff.bulk.decline(customerId, request.body, h.actorOf(request));
      if (!declined) {
        const order = await h.staff.bulk.orderOf(customerId, request.body.orderId);
        if (!order) return h.notFound(reply, 'Bulk order');
        return alreadyDone(reply, h.staff.queue, {
          verb: order.status === 'declined' ? 'declined' : 'approved',
          by: order.decidedBy,
          at: order.decidedAt,
        });
      }
      await h.staff.queue.done(`bulk_order:${declined.id}`);
      return reply.send({ orderId: declined.id, status: declined.status });
    },
  );

  authed.get('/staff/bulk-action-failures', { schema: { hide: true } }, async () => {
    const rows = await h.staff.bulk.actionFailures();
    return {
      failures: rows.map((c) => ({
        chargeId: c.id,
        customerId: c.customerId,
        actionId: c.actionId,
        amount: c.amount,
        completionError: c.completionError,
        completionAttempts: c.completionAttempts,
        createdAt: c.createdAt.toISOString(),
      })),
    };
  });
}
