import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuditActor } from '../../platform/audit';
import type { StaffAuth } from './auth';
import {
  createNotificationSchema,
  customerParamSchema,
  fieldErrors,
  flagParamSchema,
  messageTemplateSchema,
  postMessageSchema,
  setFlagSchema,
  setModulesSchema,
  staffSignInSchema,
  surfaceParamSchema,
} from './inputs';
import type { StaffService } from './service';

/*
 * Staff API: what the care team does, never done with a customer token (DESIGN.md section 4,
 * "The care team is not a customer").
 *
 *   POST /staff/token {email, password}
 *       A staff account (identity user with role 'staff') signs in and gets
 *       {access_token, token_type: 'Bearer', expires_in} (an ES256 JWT, audience staff-api,
 *       1 hour, no refresh: sign in again). A customer's credentials get 401 like wrong ones.
 *   Every other /staff/* route needs `Authorization: Bearer <staff access token>`, or, for
 *   automation, `Authorization: Bearer <STAFF_API_KEY>` when that variable is set. A
 *   customer access token, no token or a bad one gets 401 {error: {code: 'invalid-token'}}.
 *
 *   POST /staff/customers/:customerId/messages       {type, html, providerId?, templateUsedId?,
 *                                                      notify?: {title, message?, severity?,
 *                                                      actionLabel?}}
 *   POST /staff/customers/:customerId/notifications  {type, title, message?, description?,
 *                                                      severity?, status?, shortId?, action?:
 *                                                      {label, url}, metadata?:
 *                                                      {subscriptionIds?}, showAfter?, expireAt?,
 *                                                      date?}
 *   PUT  /staff/flags/:name                           {customerId?: uuid | null, enabled}
 *   PUT  /staff/sdui-modules/:surface                 {customerId?: uuid | null, modules}
 *   POST /staff/message-templates                     {type, description}
 *
 * Bad input answers 400 {error: {code: 'invalid-input', message, fields}} and changes nothing;
 * an unknown customer answers 404. Writes are audited with the staff actor and publish events,
 * so an open portal sees them over its subscriptions.
 */

export interface StaffRoutesOptions {
  auth: StaffAuth;
  staff: StaffService;
}

function invalid(reply: FastifyReply, error: z.ZodError) {
  return reply.status(400).send({
    error: {
      code: 'invalid-input',
      message: 'The request is not valid.',
      fields: fieldErrors(error),
    },
  });
}

function notFound(reply: FastifyReply, what: string) {
  return reply.status(404).send({ error: { code: 'not-found', message: `${what} not found.` } });
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

export async function staffRoutes(app: FastifyInstance, options: StaffRoutesOptions) {
  const { auth, staff } = options;

  app.post(
    '/staff/token',
    {
      schema: { hide: true },
      // Password guessing is slowed per address on top of the global ceiling.
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const input = staffSignInSchema.safeParse(request.body);
      if (!input.success) return invalid(reply, input.error);
      const signedIn = await auth.signIn(input.data.email, input.data.password, {
        ip: request.ip,
        requestId: request.id,
      });
      if (!signedIn) {
        return reply.status(401).send({
          error: { code: 'invalid-credentials', message: 'Incorrect username or password' },
        });
      }
      return {
        access_token: signedIn.accessToken,
        token_type: 'Bearer',
        expires_in: signedIn.expiresIn,
      };
    },
  );

  // An encapsulated child, so the staff check runs on these routes and nowhere else.
  await app.register((authed, _options, done) => {
    const actors = new WeakMap<FastifyRequest, AuditActor>();
    const actorOf = (request: FastifyRequest): AuditActor => {
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

    /** Parses :customerId and checks the customer exists; answers 400 or 404 itself. */
    const customerFrom = async (request: FastifyRequest, reply: FastifyReply) => {
      const params = customerParamSchema.safeParse(request.params);
      if (!params.success) {
        await invalid(reply, params.error);
        return null;
      }
      if (!(await staff.customerExists(params.data.customerId))) {
        await notFound(reply, 'Customer');
        return null;
      }
      return params.data.customerId;
    };

    authed.post(
      '/staff/customers/:customerId/messages',
      { schema: { hide: true } },
      async (request, reply) => {
        const input = postMessageSchema.safeParse(request.body);
        if (!input.success) return invalid(reply, input.error);
        const customerId = await customerFrom(request, reply);
        if (!customerId) return reply;
        let posted;
        try {
          posted = await staff.postMessage(
            customerId,
            input.data,
            actorOf(request),
            senderOf(request),
          );
        } catch (error) {
          const constraint = foreignKeyViolation(error);
          if (constraint === null) throw error;
          // Only the two optional references can miss; the customer was checked above.
          const field = constraint.includes('template_used_id') ? 'templateUsedId' : 'providerId';
          return reply.status(400).send({
            error: {
              code: 'invalid-input',
              message: 'The request is not valid.',
              fields: { [field]: 'does not exist' },
            },
          });
        }
        const { message, notification } = posted;
        return reply.status(201).send({ id: message.id, notificationId: notification?.id ?? null });
      },
    );

    authed.post(
      '/staff/customers/:customerId/notifications',
      { schema: { hide: true } },
      async (request, reply) => {
        const input = createNotificationSchema.safeParse(request.body);
        if (!input.success) return invalid(reply, input.error);
        const customerId = await customerFrom(request, reply);
        if (!customerId) return reply;
        const row = await staff.createNotification(customerId, input.data, actorOf(request));
        return reply.status(201).send({ id: row.id });
      },
    );

    authed.put('/staff/flags/:name', { schema: { hide: true } }, async (request, reply) => {
      const params = flagParamSchema.safeParse(request.params);
      if (!params.success) return invalid(reply, params.error);
      const input = setFlagSchema.safeParse(request.body);
      if (!input.success) return invalid(reply, input.error);
      const { customerId, enabled } = input.data;
      if (customerId && !(await staff.customerExists(customerId))) {
        return notFound(reply, 'Customer');
      }
      await staff.setFlag(params.data.name, customerId, enabled, actorOf(request));
      return { ok: true };
    });

    authed.put(
      '/staff/sdui-modules/:surface',
      { schema: { hide: true } },
      async (request, reply) => {
        const params = surfaceParamSchema.safeParse(request.params);
        if (!params.success) return invalid(reply, params.error);
        const input = setModulesSchema.safeParse(request.body);
        if (!input.success) return invalid(reply, input.error);
        const { customerId, modules } = input.data;
        if (customerId && !(await staff.customerExists(customerId))) {
          return notFound(reply, 'Customer');
        }
        await staff.setModules(params.data.surface, customerId, modules, actorOf(request));
        return { ok: true };
      },
    );

    authed.post('/staff/message-templates', { schema: { hide: true } }, async (request, reply) => {
      const input = messageTemplateSchema.safeParse(request.body);
      if (!input.success) return invalid(reply, input.error);
      const row = await staff.createTemplate(
        input.data.type,
        input.data.description,
        actorOf(request),
      );
      return reply.status(201).send({ id: row.id });
    });
    done();
  });
}
