import { queueClaimSchema, queueKeyParamSchema, queueQuerySchema } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditActor } from '../../platform/audit';
import type { QueueService } from './queue-service';

/*
 * Staff API, the care queue (issue 41). Same auth, errors and audit as routes.ts.
 *
 *   GET  /staff/queue?kind=&search=&urgentOnly=true&page=0&pageSize=50
 *       Everything waiting on a person, urgent first, then oldest `since` first (pageSize at
 *       most 100; search: part of the patient's name or email, any case). 200 {items: [{key:
 *       '<kind>:<source id>', kind, urgent, title, detail, customer: {id, firstName, lastName,
 *       email}, since, claim: {staffId, staffName, at} | null, ref: {…ids the action needs}}],
 *       total, page, pageSize, counts: {<kind>: n}} (counts ignore `kind`, honour the rest).
 *   POST /staff/queue/:key/claim   {takeOver?: boolean}
 *       Claims the item for 15 minutes (claiming again renews it). 200 {claim}; 409 {error:
 *       {code: 'claimed', message: '<name> is on it', claim}} while someone else's claim lasts,
 *       unless takeOver; 404 when the item is not in the queue (done, or never was).
 *   DELETE /staff/queue/:key/claim
 *       Drops the caller's own claim: 204; 404 when they hold none on it.
 *
 * An item leaves the queue when its action is taken (the list is derived from the rows the
 * actions change), and the action's route deletes its claim (`done`).
 */

export interface QueueRouteHelpers {
  queue: QueueService;
  actorOf: (request: FastifyRequest) => AuditActor;
}

/**
 * The answer to the second of two staff members acting on one item: the first one's result
 * stands, and this says whose it was and when.
 */
export async function alreadyDone(
  reply: FastifyReply,
  queue: QueueService,
  done: { verb: string; by: string | null; at: Date | null },
): Promise<FastifyReply> {
  const name = await queue.staffName(done.by);
  const when = done.at ? ` at ${done.at.toISOString()}` : '';
  return reply.status(409).send({
    error: {
      code: 'already-done',
      message: `Already ${done.verb} by ${name}${when}.`,
      by: done.by ? { staffId: done.by, staffName: name } : null,
      at: done.at?.toISOString() ?? null,
    },
  });
}

export function queueRoutes(scope: FastifyInstance, h: QueueRouteHelpers): void {
  const authed = scope.withTypeProvider<ZodTypeProvider>();

  authed.get(
    '/staff/queue',
    { schema: { hide: true, querystring: queueQuerySchema } },
    async (request, reply) => {
      const page = await h.queue.page(request.query, h.actorOf(request));
      return reply.header('cache-control', 'no-store').send(page);
    },
  );

  authed.post(
    '/staff/queue/:key/claim',
    { schema: { hide: true, params: queueKeyParamSchema, body: queueClaimSchema } },
    async (request, reply) => {
      const outcome = await h.queue.claim(
        request.params.key,
        h.actorOf(request),
        request.body.takeOver ?? false,
      );
      switch (outcome.status) {
        case 'claimed':
          return reply.send({ claim: outcome.claim });
        case 'held':
          return reply.status(409).send({
            error: {
              code: 'claimed',
              message: `${outcome.claim.staffName} is on it`,
              claim: outcome.claim,
            },
          });
        case 'not-found':
          return reply
            .status(404)
            .send({ error: { code: 'not-found', message: 'Queue item not found.' } });
      }
    },
  );

  authed.delete(
    '/staff/queue/:key/claim',
    { schema: { hide: true, params: queueKeyParamSchema } },
    async (request, reply) => {
      if (await h.queue.release(request.params.key, h.actorOf(request))) {
        return reply.status(204).send();
      }
      return reply
        .status(404)
        .send({ error: { code: 'not-found', message: 'You hold no claim on this item.' } });
    },
  );
}
