import {
  providerParamSchema,
  timeOffParamSchema,
  timeOffSchema,
  weeklyHoursSchema,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditActor } from '../../platform/audit';
import type { adminOnly } from './admin-only';
import type { ProviderHours } from '../appointments/provider-hours';
import type { StaffEditResult, StaffProviderHours, StrandedVisitView } from './provider-hours';

/*
 * Staff API, providers' hours (issue 41). Same auth, errors and audit as routes.ts; every
 * staff member reads, only an admin (admin) writes.
 *
 *   GET    /staff/providers                          [{id, displayName, title, timeZone,
 *                                                     visitMinutes, hours: [{weekday,
 *                                                     startMinute, endMinute}], timeOff: [{id,
 *                                                     startsAt, endsAt, reason}]}]
 *   GET    /staff/providers/:providerId              one of those; 404 unknown
 *   PUT    /staff/providers/:providerId/hours        (admin) {blocks, confirm?} the whole week
 *   POST   /staff/providers/:providerId/time-off     (admin) {startsAt, endsAt, reason?, confirm?}
 *   DELETE /staff/providers/:providerId/time-off/:timeOffId   (admin) 204; 404 unknown
 *       An edit that would leave booked visits outside the hours answers 409
 *       {error: {code: 'strands-visits', visits: [{id, start, end, patient}]}} and saves
 *       nothing; the same request with confirm: true saves it (the visits stay booked).
 */

export interface ProviderHoursRouteHelpers {
  providerHours: StaffProviderHours;
  actorOf: (request: FastifyRequest) => AuditActor;
  /** The admin-only guard (admin-only.ts). */
  admin: ReturnType<typeof adminOnly>;
  notFound: (reply: FastifyReply, what: string) => FastifyReply;
}

function providerJson({ provider, hours, timeOff }: ProviderHours) {
  return {
    id: provider.id,
    displayName: provider.displayName,
    title: provider.title,
    timeZone: provider.timeZone,
    visitMinutes: provider.visitMinutes,
    hours,
    timeOff: timeOff.map((t) => ({
      id: t.id,
      startsAt: t.startsAt.toISOString(),
      endsAt: t.endsAt.toISOString(),
      reason: t.reason,
    })),
  };
}

function strandsVisits(reply: FastifyReply, visits: readonly StrandedVisitView[]) {
  return reply.status(409).send({
    error: {
      code: 'strands-visits',
      message: 'Booked visits fall outside these hours. Confirm to save anyway.',
      visits: visits.map((v) => ({
        id: v.id,
        start: v.start.toISOString(),
        end: v.end.toISOString(),
        patient: v.patient,
      })),
    },
  });
}

/** The provider-hours routes, registered inside routes.ts's staff scope. */
export function providerHoursRoutes(scope: FastifyInstance, h: ProviderHoursRouteHelpers): void {
  const authed = scope.withTypeProvider<ZodTypeProvider>();
  const answer = <T>(
    reply: FastifyReply,
    result: StaffEditResult<T>,
    json: (value: T) => unknown,
  ) => {
    if (!result) return h.notFound(reply, 'Provider');
    if (!result.saved) return strandsVisits(reply, result.stranded);
    return json(result.value);
  };

  authed.get('/staff/providers', { schema: { hide: true } }, async () =>
    (await h.providerHours.list()).map(providerJson),
  );

  authed.get(
    '/staff/providers/:providerId',
    { schema: { hide: true, params: providerParamSchema } },
    async (request, reply) => {
      const view = await h.providerHours.get(request.params.providerId);
      return view ? providerJson(view) : h.notFound(reply, 'Provider');
    },
  );

  authed.put(
    '/staff/providers/:providerId/hours',
    {
      preHandler: h.admin,
      schema: { hide: true, params: providerParamSchema, body: weeklyHoursSchema },
    },
    async (request, reply) =>
      answer(
        reply,
        await h.providerHours.setHours(request.params.providerId, request.body, h.actorOf(request)),
        providerJson,
      ),
  );

  authed.post(
    '/staff/providers/:providerId/time-off',
    {
      preHandler: h.admin,
      schema: { hide: true, params: providerParamSchema, body: timeOffSchema },
    },
    async (request, reply) =>
      answer(
        reply,
        await h.providerHours.addTimeOff(
          request.params.providerId,
          request.body,
          h.actorOf(request),
        ),
        (row) => {
          void reply.status(201);
          return {
            id: row.id,
            startsAt: row.startsAt.toISOString(),
            endsAt: row.endsAt.toISOString(),
            reason: row.reason,
          };
        },
      ),
  );

  authed.delete(
    '/staff/providers/:providerId/time-off/:timeOffId',
    { preHandler: h.admin, schema: { hide: true, params: timeOffParamSchema } },
    async (request, reply) => {
      const removed = await h.providerHours.removeTimeOff(
        request.params.providerId,
        request.params.timeOffId,
        h.actorOf(request),
      );
      return removed ? reply.status(204).send() : h.notFound(reply, 'Time off');
    },
  );
}
