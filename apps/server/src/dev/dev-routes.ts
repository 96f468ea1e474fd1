import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { RenewalRun } from '../modules/billing/renewals';
import { isLoopbackAddress } from '../platform/http-plugins';

/*
 * Development and browser-test helpers (issue 41), never registered when NODE_ENV=production,
 * and answered only to the machine itself (the socket's address decides, as /dev/mailbox.json).
 * The browser suite's server runs without the scheduler (JOBS_ENABLED=false) and on the real
 * clock, so these stand in for time passing, for one test's own customer only:
 *
 *   POST /dev/customers/:customerId/plans/backdate   {days: 1..400}
 *       Moves the customer's plans `days` into the past: their subscriptions' created_at and
 *       their contracts' start and end dates. 200 {subscriptions, contracts} (rows moved).
 *   POST /dev/jobs/renewals/run   {customerId}
 *       The renewals job's pass over that customer's plans alone (never everyone's: other
 *       tests share the server): 200 {charged, declined, reminded}.
 */

const customerParamSchema = z.strictObject({ customerId: z.uuid() });
const backdateSchema = z.strictObject({ days: z.number().int().min(1).max(400) });
const renewalsRunSchema = z.strictObject({ customerId: z.uuid() });

export interface DevRouteDeps {
  production: boolean;
  db: Db;
  renewals: { run(only: { customerId: string }): Promise<RenewalRun> };
}

const notFound = (reply: FastifyReply) =>
  reply
    .status(404)
    .header('cache-control', 'no-store')
    .send({ error: { code: 'not-found', message: 'Not found.' } });

export function devRoutes(app: FastifyInstance, deps: DevRouteDeps): void {
  if (deps.production) return;
  const dev = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (isLoopbackAddress(request.raw.socket.remoteAddress)) return done();
    void notFound(reply);
  };

  dev.post(
    '/dev/customers/:customerId/plans/backdate',
    { onRequest, schema: { hide: true, params: customerParamSchema, body: backdateSchema } },
    async (request, reply) => {
      const { customerId } = request.params;
      const interval = `${String(request.body.days)} days`;
      // A dev helper, not a module: the rows a plan's age is read from, moved in one statement
      // each, in one transaction.
      const moved = await deps.db.transaction(async (tx) => {
        const subscriptions = (await tx.execute(sql`
          update subscriptions set created_at = created_at - ${interval}::interval
          where customer_id = ${customerId}::uuid returning id`)) as { rows: unknown[] };
        const contracts = (await tx.execute(sql`
          update contracts set start_date = (start_date - ${interval}::interval)::date,
            end_date = (end_date - ${interval}::interval)::date
          where customer_id = ${customerId}::uuid returning id`)) as { rows: unknown[] };
        return { subscriptions: subscriptions.rows.length, contracts: contracts.rows.length };
      });
      if (moved.subscriptions + moved.contracts === 0) return notFound(reply);
      return reply.header('cache-control', 'no-store').send(moved);
    },
  );

  dev.post(
    '/dev/jobs/renewals/run',
    { onRequest, schema: { hide: true, body: renewalsRunSchema } },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await deps.renewals.run({ customerId: request.body.customerId })),
  );
}
