import { customerParamSchema } from '@portal/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Events, PatientStreamEvent } from '../../platform/events';

/*
 * Staff API, the patient page's live updates (issue 41). Same auth as routes.ts: a staff token
 * (or STAFF_API_KEY); a customer's token is 401 like every /staff route.
 *
 *   GET /staff/customers/:customerId/events
 *       text/event-stream: `event: ready` once listening, then `event: change` with
 *       `{kind, id?}` for each change about the patient: the kinds the services publish
 *       (messages, notifications, prescriptions, billing, subscriptions, address, appointments
 *       …), `claim` when a queue item of theirs is claimed and `release` when a claim is dropped. Ids and kinds only, never the
 *       rows: the console refetches what changed with the same token. The stream ends after
 *       STREAM_MAX_MS (the client reconnects, so an expired token stops there) and when the
 *       server closes. An unknown customer is 404.
 */

/** A stream outlives no token by much: the client reconnects, and a dead token ends there. */
const STREAM_MAX_MS = 10 * 60_000;
/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEPALIVE_MS = 25_000;

export interface PatientStreamHelpers {
  events: Events;
  existingCustomer: (customerId: string, reply: FastifyReply) => Promise<string | null>;
}

export function patientStreamRoutes(scope: FastifyInstance, h: PatientStreamHelpers): void {
  const authed = scope.withTypeProvider<ZodTypeProvider>();
  const open = new Set<() => void>();
  // Long-lived responses would hold the server's close open until its deadline.
  scope.addHook('onClose', (_instance, done) => {
    for (const end of open) end();
    done();
  });

  authed.get(
    '/staff/customers/:customerId/events',
    { schema: { hide: true, params: customerParamSchema } },
    async (request, reply) => {
      const customerId = await h.existingCustomer(request.params.customerId, reply);
      if (!customerId) return reply;
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const write = (text: string) => {
        if (!raw.writableEnded) raw.write(text);
      };
      const send = (event: PatientStreamEvent) =>
        write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
      const stop = await h.events.watchPatient(customerId, send);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        open.delete(end);
        clearInterval(keepalive);
        clearTimeout(limit);
        void stop();
        if (!raw.writableEnded) raw.end();
      };
      const keepalive = setInterval(() => write(': keepalive\n\n'), KEEPALIVE_MS);
      const limit = setTimeout(end, STREAM_MAX_MS);
      open.add(end);
      request.raw.on('close', end);
      write('event: ready\ndata: {}\n\n');
    },
  );
}
