import {
  deleteAccountSchema,
  emailAvailabilitySchema,
  updateEmailSchema,
  updatePasswordSchema,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken } from '../platform/bearer';
import type { AccountIdentity } from './account';
import { ok, responses } from './http-schemas';
import { requestMeta } from './routes';
import type { Authenticated, SessionService } from './sessions';

const envelope = <S extends z.ZodType>(data: S) =>
  z.object({ data, message: z.string(), name: z.string(), statusCode: z.int() });

/** The account page's identity routes; each acts for the bearer ID token's session. */
export function accountRoutes(
  fastify: FastifyInstance,
  sessions: SessionService,
  account: AccountIdentity,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['identity'];
  const bearerSessions = new WeakMap<FastifyRequest, Authenticated>();
  const authenticated = {
    preValidation: async (request: FastifyRequest) => {
      bearerSessions.set(
        request,
        await sessions.authenticate(bearerToken(request.headers.authorization)),
      );
    },
  };
  const sessionOf = (request: FastifyRequest): Authenticated => {
    const session = bearerSessions.get(request);
    if (!session) throw new Error('account route reached without a session');
    return session;
  };

  app.get(
    '/identity/account/links',
    {
      ...authenticated,
      schema: {
        tags,
        summary: "Which sign-in methods are linked to the bearer ID token's login (google)",
        response: responses(z.object({ google: z.boolean() })),
      },
    },
    (req) => account.linkedAccounts(sessionOf(req)),
  );

  app.post(
    '/identity/email/availability',
    {
      ...authenticated,
      schema: {
        tags,
        summary:
          'Email availability; with sendOobCodeIfAvailable a 6-digit code goes to the new address (recent password check needed)',
        body: emailAvailabilitySchema,
        response: responses(
          envelope(z.object({ isAvailable: z.boolean(), isOobCodeSent: z.boolean() })),
        ),
      },
    },
    (req) => account.emailAvailability(sessionOf(req), req.body, requestMeta(req)),
  );

  app.post(
    '/identity/email/update',
    {
      ...authenticated,
      schema: {
        tags,
        summary:
          'Update email address {customerId, newEmail, oobCode}; the old address gets a notice',
        body: updateEmailSchema,
        response: responses(envelope(z.object({ email: z.string() }))),
      },
    },
    (req) => account.updateEmail(sessionOf(req), req.body, requestMeta(req)),
  );

  app.post(
    '/identity/password/change',
    {
      ...authenticated,
      schema: {
        tags,
        summary: 'Change the password with the current one; other sessions end',
        body: updatePasswordSchema,
        response: responses(ok),
      },
    },
    async (req) => {
      await account.changePassword(sessionOf(req), req.body, requestMeta(req));
      return { ok: true };
    },
  );

  app.post(
    '/identity/account/delete',
    {
      ...authenticated,
      schema: {
        tags,
        summary: 'Delete customer account {customerId, formId} with the password and a reason',
        body: deleteAccountSchema,
        response: responses(envelope(z.object({ deleted: z.boolean() }))),
      },
    },
    (req) => account.deleteAccount(sessionOf(req), req.body, requestMeta(req)),
  );
}
