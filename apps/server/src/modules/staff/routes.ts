import {
  createCustomerActionSchema,
  createNotificationSchema,
  createSubscriptionSchema,
  customerParamSchema,
  flagParamSchema,
  messageTemplateSchema,
  postMessageSchema,
  setFlagSchema,
  setModulesSchema,
  shippingAddressSchema,
  staffAppointmentSchema,
  staffEnrollSchema,
  staffSignInSchema,
  staffVerifySchema,
  surfaceParamSchema,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { SecondFactorError } from '../../identity/staff-second-factor';
import type { StaffActor, StaffAuth } from './auth';
import { adminOnly } from './admin-only';
import type { StaffService } from './service';
import { referralRoutes } from './referral-routes';
import { treatmentRoutes } from './treatment-routes';
import { carrierWebhookRoutes } from './carrier-webhook-route';
import { weightRoutes } from './weight-routes';
import { formRoutes } from './forms-routes';
import { billingRoutes } from './billing-routes';
import type { BillingService } from '../billing/service';
import { bulkRoutes } from './bulk-routes';
import type { PaymentsService } from '../payments/service';
import { paymentRoutes } from './payment-routes';
import { marketingRoutes } from './marketing-routes';
import { staffPasswordResetRoutes } from './password-reset-routes';
import { queueRoutes } from './queue-routes';
import { patientRoutes } from './patient-routes';
import { providerHoursRoutes } from './provider-hours-routes';
import { patientStreamRoutes } from './patient-stream-route';
import { cancelVisitRoutes } from './cancel-visit-routes';
import { tagRoutes } from './tag-routes';
import type { VisitCancellation } from '../appointments/calendar-cancellation';

/*
 * Staff API: what the care team does, never done with a customer token (DESIGN.md section 4,
 * "The care team is not a customer").
 *
 *   POST /staff/token {email, password}
 *       A staff account (identity user with role 'staff') checks its password and gets a
 *       second-factor challenge (issue 41; identity/staff-second-factor.ts): 200 {status:
 *       'enroll', challenge, secret, otpauthUrl, qrSvg} when it has no authenticator app yet
 *       (secret: base32, shown this once), or 200 {status: 'verify', challenge}. The challenge
 *       is a 5-minute token (audience staff-challenge). A customer's credentials get 401 like
 *       wrong ones; 429 past the staff sign-in limits.
 *   POST /staff/token/enroll {challenge, code}
 *       The app's first code: 200 {access_token, token_type: 'Bearer', expires_in, role,
 *       recoveryCodes: [10 codes, shown once]}.
 *   POST /staff/token/verify {challenge, code} | {challenge, recoveryCode}
 *       200 {access_token, token_type: 'Bearer', expires_in, role, recoveryCodesLeft}.
 *       Both answer 400 {error: {code: 'invalid-code'}} for a wrong, replayed or spent code (it
 *       counts against the staff sign-in limits; the fifth kills the challenge) and 401
 *       {error: {code: 'challenge-expired'}} for an expired, spent or dead challenge. The access
 *       token is an ES256 JWT, audience staff-api, 1 hour, no refresh: sign in again.
 *   POST /staff/password-reset, POST /staff/password-reset/confirm: the care team's own
 *       reset (password-reset-routes.ts), without a token.
 *   Every other /staff/* route needs `Authorization: Bearer <staff access token>`, or, for
 *   automation, `Authorization: Bearer <STAFF_API_KEY>` when that variable is set. A
 *   customer access token, no token or a bad one gets 401 {error: {code: 'invalid-token'}}.
 *   Roles: 'care' and 'admin' (STAFF_API_KEY counts as admin). Routes marked (admin) answer a
 *   care member 403 {error: {code: 'forbidden'}} (the adminOnly guard, admin-only.ts).
 *
 *   GET  /staff/me            {id, email, firstName, lastName, role}; 404 for the API key.
 *   POST /staff/sign-out      204; the session and its token end at once.
 *   POST /staff/recovery-codes 200 {recoveryCodes: [10]}, replacing the old set; 404 for the
 *                             API key.
 *
 *   POST /staff/customers/:customerId/messages       {type, html, providerId?, templateUsedId?,
 *                                                      notify?: {title, message?, severity?,
 *                                                      actionLabel?}}
 *   POST /staff/customers/:customerId/notifications  {type, title, message?, description?,
 *                                                      severity?, status?, shortId?, action?:
 *                                                      {label, url}, metadata?:
 *                                                      {subscriptionIds?}, showAfter?, expireAt?,
 *                                                      date?}
 *   PUT  /staff/customers/:customerId/shipping-address {streetAddress1, streetAddress2?, city,
 *                                                      stateCode, zipCode}
 *       Records the customer's shipping address (replaces the one there is); stateCode is a
 *       supported state (the 50 states, DC, TS). 200 {id, stateCode}.
 *   POST /staff/customers/:customerId/subscriptions  {treatmentShortId, status?: 'active' |
 *                                                      'non_renewing' | 'future' | 'paused' |
 *                                                      'cancelled' (default 'active')}
 *       A plan for a treatment (the subscription row; billing's plans come later).
 *       201 {id, treatmentId}; an unknown treatment is 400 on treatmentShortId.
 *   POST /staff/customers/:customerId/appointments   {providerId, treatmentShortId, start,
 *                                                      end, isAsync?: false,
 *                                                      requirements?: ['intake' …]}
 *       Books a visit at any time, past or future: no booking window, schedule or blocking
 *       rules. requirements: what the customer does first (intake, ID check; spec 01 §3). 201 {id}; a provider's live visit at that start already is 409
 *       {error: {code: 'slot-taken'}}; an unknown provider or treatment is 400 on its field.
 *   POST /staff/customers/:customerId/actions        {typeCode: 'bulk_order_charge', status?:
 *                                                      'pending' | 'complete' (default
 *                                                      'pending'), metadata?: {vial_count …}}
 *       A customer action (spec 01 §3); a bulk_order_charge needs a whole-number
 *       metadata.vial_count. 201 {id, status, typeCode}.
 *   PUT  /staff/flags/:name (admin)                   {customerId?: uuid | null, enabled}
 *   PUT  /staff/sdui-modules/:surface (admin)         {customerId?: uuid | null, modules}
 *   POST /staff/message-templates                     {type, description}
 *   Prescriptions, shipments, carrier events, the carrier webhook and lab results: see
 *   treatment-routes.ts. Referrals: referral-routes.ts. Starting-weight change decisions:
 *   weight-routes.ts. ID checks, form care tasks and form reviews: forms-routes.ts. Refunds:
 *   payment-routes.ts. Billed plans and renewal retries: billing-routes.ts. A customer's tags
 *   (admin): tag-routes.ts.
 *
 * Bad input answers 400 {error: {code: 'invalid-input', message, fields}} and changes nothing
 * (each input's zod schema is in @portal/domain, checked by the route, answered by the app's
 * error handler); an unknown customer answers 404. Each write is one audit row in the unit of work
 * of its change (staff-audit.ts; issue 41): the staff actor, the patient as details.customerId and
 * the names of the fields set as details.fields, never their values. Writes publish events, so
 * an open portal sees them over its subscriptions.
 */

export interface StaffRoutesOptions {
  auth: StaffAuth;
  staff: StaffService;
  /** The billed-plan route (billing-routes.ts). */
  billing: BillingService;
  /** Charges and refunds (payment-routes.ts). */
  payments: PaymentsService;
  /** Turns on POST /staff/carrier-webhook (carrier-webhook-route.ts): its signing key. */
  carrierWebhookSecret?: string | undefined;
  /** The server's clock, which the carrier webhook's signature window runs on. */
  clock: Clock;
  /** Issue 43: cancelling a visit (cancel-visit-routes.ts). */
  cancellation?: VisitCancellation;
}

function notFound(reply: FastifyReply, what: string) {
  return reply.status(404).send({ error: { code: 'not-found', message: `${what} not found.` } });
}

/** 400 in the shape of the app's error handler, for a field that passed its schema. */
function invalidField(reply: FastifyReply, field: string, message = 'does not exist') {
  return reply.status(400).send({
    error: {
      code: 'invalid-input',
      message: 'The request is not valid.',
      fields: { [field]: message },
    },
  });
}

/** A booking the live-slot unique index refused (AppointmentService reports it as slotTaken). */
function isSlotTaken(error: unknown): boolean {
  return error instanceof AppError && error.reason === 'slotTaken';
}

/**
 * The constraint name of a reference to a row that does not exist (PostgreSQL 23503), however
 * the driver wraps the error; null for any other error.
 */
function foreignKeyViolation(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23503') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

export async function staffRoutes(fastify: FastifyInstance, options: StaffRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { auth, staff } = options;

  const metaOf = (request: FastifyRequest) => ({
    ip: request.ip,
    requestId: request.id,
    userAgent: request.headers['user-agent'],
  });

  app.post(
    '/staff/token',
    {
      schema: { hide: true, body: staffSignInSchema },
      // Password guessing is slowed per address on top of the global ceiling.
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const started = await auth.signIn(request.body.email, request.body.password, {
        ip: request.ip,
        requestId: request.id,
      });
      if (!started) {
        return reply.status(401).send({
          error: { code: 'invalid-credentials', message: 'Incorrect username or password' },
        });
      }
      return started;
    },
  );

  /** A refused second factor in the API's shape: 400 invalid-code, 401 challenge-expired. */
  const secondFactorRefused = (error: unknown, reply: FastifyReply) => {
    if (!(error instanceof SecondFactorError)) throw error;
    return error.code === 'invalid-code'
      ? reply.status(400).send({
          error: { code: 'invalid-code', message: 'That code is not right. Try the next one.' },
        })
      : reply.status(401).send({
          error: { code: 'challenge-expired', message: 'Sign in again with your password.' },
        });
  };

  app.post(
    '/staff/token/enroll',
    {
      schema: { hide: true, body: staffEnrollSchema },
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      try {
        const { challenge, code } = request.body;
        const signedIn = await auth.completeSignIn(challenge, { code }, 'enroll', metaOf(request));
        return {
          access_token: signedIn.accessToken,
          token_type: 'Bearer',
          expires_in: signedIn.expiresIn,
          role: signedIn.role,
          recoveryCodes: signedIn.recoveryCodes ?? [],
        };
      } catch (error) {
        return secondFactorRefused(error, reply);
      }
    },
  );

  app.post(
    '/staff/token/verify',
    {
      schema: { hide: true, body: staffVerifySchema },
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      try {
        const { challenge, ...answer } = request.body;
        const signedIn = await auth.completeSignIn(challenge, answer, 'verify', metaOf(request));
        return {
          access_token: signedIn.accessToken,
          token_type: 'Bearer',
          expires_in: signedIn.expiresIn,
          role: signedIn.role,
          recoveryCodesLeft: signedIn.recoveryCodesLeft ?? 0,
        };
      } catch (error) {
        return secondFactorRefused(error, reply);
      }
    },
  );

  await app.register(carrierWebhookRoutes, {
    staff,
    secret: options.carrierWebhookSecret,
    clock: options.clock,
  });
  staffPasswordResetRoutes(app, auth.identity);

  // An encapsulated child, so the staff check runs on these routes and nowhere else.
  await app.register((scope, _options, done) => {
    const authed = scope.withTypeProvider<ZodTypeProvider>();
    const actors = new WeakMap<FastifyRequest, StaffActor>();
    const actorOf = (request: FastifyRequest): StaffActor => {
      const actor = actors.get(request);
      if (!actor) throw new Error('staff route reached without an actor');
      return actor;
    };
    /** The signed-in staff user, who becomes the message's sender; none for the API key. */
    const senderOf = (request: FastifyRequest): string | null => {
      const id = actorOf(request).id;
      return id && id !== 'api-key' ? id : null;
    };

    authed.addHook('onRequest', async (request, reply) => {
      const actor = await auth.actorFor(request);
      if (!actor) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ error: { code: 'invalid-token', message: 'A staff access token is needed.' } });
      }
      actors.set(request, actor);
    });
    const admin = adminOnly(actorOf);

    authed.get('/staff/me', { schema: { hide: true } }, async (request, reply) => {
      const profile = await auth.profile(actorOf(request));
      // STAFF_API_KEY is no one's account: there is no profile to show.
      if (!profile) return notFound(reply, 'Staff member');
      return profile;
    });

    authed.post('/staff/sign-out', { schema: { hide: true } }, async (request, reply) => {
      await auth.signOut(actorOf(request));
      return reply.status(204).send();
    });

    authed.post('/staff/recovery-codes', { schema: { hide: true } }, async (request, reply) => {
      const actor = actorOf(request);
      if (!actor.sessionId) return notFound(reply, 'Staff member');
      return { recoveryCodes: await auth.replaceRecoveryCodes(actor) };
    });

    /** The :customerId of a customer that exists; answers 404 itself when there is none. */
    const existingCustomer = async (customerId: string, reply: FastifyReply) => {
      if (await staff.customerExists(customerId)) return customerId;
      await notFound(reply, 'Customer');
      return null;
    };

    authed.post(
      '/staff/customers/:customerId/messages',
      { schema: { hide: true, params: customerParamSchema, body: postMessageSchema } },
      async (request, reply) => {
        const customerId = await existingCustomer(request.params.customerId, reply);
        if (!customerId) return reply;
        let posted;
        try {
          posted = await staff.postMessage(
            customerId,
            request.body,
            actorOf(request),
            senderOf(request),
          );
        } catch (error) {
          const constraint = foreignKeyViolation(error);
          if (constraint === null) throw error;
          // Only the two optional references can miss; the customer was checked above.
          const field = constraint.includes('template_used_id') ? 'templateUsedId' : 'providerId';
          return invalidField(reply, field);
        }
        const { message, notification } = posted;
        return reply.status(201).send({ id: message.id, notificationId: notification?.id ?? null });
      },
    );

    authed.post(
      '/staff/customers/:customerId/notifications',
      { schema: { hide: true, params: customerParamSchema, body: createNotificationSchema } },
      async (request, reply) => {
        const customerId = await existingCustomer(request.params.customerId, reply);
        if (!customerId) return reply;
        const row = await staff.createNotification(customerId, request.body, actorOf(request));
        return reply.status(201).send({ id: row.id });
      },
    );

    authed.put(
      '/staff/customers/:customerId/shipping-address',
      { schema: { hide: true, params: customerParamSchema, body: shippingAddressSchema } },
      async (request, reply) => {
        const customerId = await existingCustomer(request.params.customerId, reply);
        if (!customerId) return reply;
        const row = await staff.setShippingAddress(customerId, request.body, actorOf(request));
        return { id: row.id, stateCode: row.stateCode };
      },
    );

    authed.post(
      '/staff/customers/:customerId/subscriptions',
      { schema: { hide: true, params: customerParamSchema, body: createSubscriptionSchema } },
      async (request, reply) => {
        const customerId = await existingCustomer(request.params.customerId, reply);
        if (!customerId) return reply;
        const row = await staff.createSubscription(customerId, request.body, actorOf(request));
        if (!row) return invalidField(reply, 'treatmentShortId');
        return reply.status(201).send({ id: row.id, treatmentId: row.treatmentId });
      },
    );

    authed.post(
      '/staff/customers/:customerId/appointments',
      { schema: { hide: true, params: customerParamSchema, body: staffAppointmentSchema } },
      async (request, reply) => {
        const customerId = await existingCustomer(request.params.customerId, reply);
        if (!customerId) return reply;
        let row;
        try {
          row = await staff.bookAppointment(customerId, request.body, actorOf(request));
        } catch (error) {
          if (isSlotTaken(error)) {
            return reply.status(409).send({
              error: { code: 'slot-taken', message: 'The provider already has a visit then.' },
            });
          }
          // The customer was checked above, so a missing reference is the provider.
          if (foreignKeyViolation(error) !== null) return invalidField(reply, 'providerId');
          throw error;
        }
        if (!row) return invalidField(reply, 'treatmentShortId');
        // Issue 43: the same booking mail and calendar file as the patient's own booking.
        await options.cancellation?.booked(row);
        return reply.status(201).send({ id: row.id });
      },
    );

    authed.post(
      '/staff/customers/:customerId/actions',
      { schema: { hide: true, params: customerParamSchema, body: createCustomerActionSchema } },
      async (request, reply) => {
        const customerId = await existingCustomer(request.params.customerId, reply);
        if (!customerId) return reply;
        const row = await staff.createCustomerAction(customerId, request.body, actorOf(request));
        return reply.status(201).send({ id: row.id, status: row.status, typeCode: row.typeCode });
      },
    );

    authed.put(
      '/staff/flags/:name',
      { preHandler: admin, schema: { hide: true, params: flagParamSchema, body: setFlagSchema } },
      async (request, reply) => {
        const { customerId, enabled } = request.body;
        if (customerId && !(await staff.customerExists(customerId))) {
          return notFound(reply, 'Customer');
        }
        await staff.setFlag(request.params.name, customerId, enabled, actorOf(request));
        return { ok: true };
      },
    );

    authed.put(
      '/staff/sdui-modules/:surface',
      {
        preHandler: admin,
        schema: { hide: true, params: surfaceParamSchema, body: setModulesSchema },
      },
      async (request, reply) => {
        const { customerId, modules } = request.body;
        if (customerId && !(await staff.customerExists(customerId))) {
          return notFound(reply, 'Customer');
        }
        await staff.setModules(request.params.surface, customerId, modules, actorOf(request));
        return { ok: true };
      },
    );

    authed.post(
      '/staff/message-templates',
      { schema: { hide: true, body: messageTemplateSchema } },
      async (request, reply) => {
        const { type, description } = request.body;
        const row = await staff.createTemplate(type, description, actorOf(request));
        return reply.status(201).send({ id: row.id });
      },
    );
    treatmentRoutes(scope, {
      staff,
      actorOf,
      existingCustomer,
      notFound,
      invalidField: (reply, field) => invalidField(reply, field),
      foreignKeyViolation,
    });
    referralRoutes(scope, { staff, actorOf, existingCustomer, notFound });
    weightRoutes(scope, { staff, actorOf, notFound, existingCustomer });
    formRoutes(scope, {
      staff,
      actorOf,
      notFound,
      customerExists: (id) => staff.customerExists(id),
    });
    billingRoutes(scope, {
      billing: options.billing,
      actorOf,
      existingCustomer,
      invalidField,
      notFound,
      queue: staff.queue,
    });
    bulkRoutes(scope, { staff, actorOf, existingCustomer, notFound });
    paymentRoutes(scope, { payments: options.payments, actorOf, notFound, queue: staff.queue });
    marketingRoutes(scope, { staff, actorOf, existingCustomer, notFound });
    queueRoutes(scope, { queue: staff.queue, actorOf });
    patientRoutes(scope, { patients: staff.patients, actorOf, existingCustomer, notFound });
    patientStreamRoutes(scope, { events: staff.events, existingCustomer });
    providerHoursRoutes(scope, { providerHours: staff.providerHours, actorOf, admin, notFound });
    tagRoutes(scope, { staff, actorOf, admin, existingCustomer });
    const { cancellation } = options;
    if (cancellation) cancelVisitRoutes(scope, { cancellation, actorOf, notFound });
    done();
  });
}
