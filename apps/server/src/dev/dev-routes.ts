import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { generateSecret } from 'otplib';
import { z } from 'zod';
import type { Db } from '../db/client';
import { staffMembers, users } from '../db/schema/identity';
import { hashPassword } from '../identity/secrets';
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
 *   POST /dev/staff-members   {role: care|admin, firstName}
 *       A care-team member of the test's own: a staff account with a random password and an
 *       authenticator secret enrolled, 201 {email, password, totpSecret}. The server takes each
 *       30-second step's code once per account, so specs signing in to the console as one shared
 *       account waited up to 30 s per sign-in; each with its own account never waits.
 */

const customerParamSchema = z.strictObject({ customerId: z.uuid() });
const backdateSchema = z.strictObject({ days: z.number().int().min(1).max(400) });
const renewalsRunSchema = z.strictObject({ customerId: z.uuid() });
const staffMemberSchema = z.strictObject({
  role: z.enum(['care', 'admin']),
  firstName: z.string().trim().min(1).max(40),
});

export interface DevRouteDeps {
  production: boolean;
  db: Db;
  renewals: { run(only: { customerId: string }): Promise<RenewalRun> };
  tenantId: string;
  /** The staff second factor's direct enrolment (the one the demo seed uses). */
  staffFactors: { enrollKnownSecret(userId: string, secret: string, db: Db): Promise<void> };
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

  dev.post(
    '/dev/staff-members',
    { onRequest, schema: { hide: true, body: staffMemberSchema } },
    async (request, reply) => {
      const { role, firstName } = request.body;
      const suffix = randomBytes(5).toString('hex');
      const email = `${role}.${suffix}@staff.example.com`;
      const password = `Dev-${randomBytes(9).toString('base64url')}`;
      const totpSecret = generateSecret();
      const passwordHash = await hashPassword(password);
      await deps.db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            tenantId: deps.tenantId,
            email,
            passwordHash,
            emailVerifiedAt: new Date(),
            role: 'staff',
          })
          .returning({ id: users.id });
        if (!user) throw new Error('staff account not inserted');
        await tx
          .insert(staffMembers)
          .values({ userId: user.id, role, firstName, lastName: suffix });
        await deps.staffFactors.enrollKnownSecret(user.id, totpSecret, tx);
      });
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ email, password, totpSecret });
    },
  );
}
