import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffActor } from './auth';

/**
 * The admin-only guard (issue 41): a preHandler for staff routes that change how the portal
 * behaves for everyone (feature flags, SDUI modules, later provider hours). It runs after the
 * staff check, so the caller is a staff actor already; a care member gets 403
 * {error: {code: 'forbidden'}}, an admin (or STAFF_API_KEY) goes through.
 *
 *   authed.put('/staff/flags/:name', { preHandler: adminOnly(actorOf), schema }, handler)
 */
export function adminOnly(actorOf: (request: FastifyRequest) => StaffActor) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (actorOf(request).role === 'admin') return;
    return reply
      .status(403)
      .send({ error: { code: 'forbidden', message: 'Only an admin can do this.' } });
  };
}
