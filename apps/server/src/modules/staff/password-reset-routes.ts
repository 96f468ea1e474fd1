import { staffPasswordResetConfirmSchema, staffPasswordResetRequestSchema } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { StaffIdentity, StaffRequestMeta } from './auth';

/*
 * The care team's own password reset (the portal's /user/reset-password mails customers only):
 *
 *   POST /staff/password-reset          {email}
 *       Mails a staff account a reset code in the staff mail's words (no portal link).
 *       200 {ok: true} for any email, a customer's or an unknown one included, so the answer
 *       tells nobody who is on the care team. Counted under the staff reset limits, apart from
 *       the customers' (429 {error: {code: 'too-many-requests'}} past them).
 *   POST /staff/password-reset/confirm  {code, password}
 *       Sets the new password (the portal's rules and common-password list) and ends every
 *       staff session of the account, so every staff token it had stops working at once.
 *       200 {ok: true}; a wrong, used or customer code is 400 invalid-code, an old one
 *       code-expired.
 *
 * Neither needs a token: they are for a staff member who cannot sign in.
 */

function meta(request: FastifyRequest): StaffRequestMeta {
  return { ip: request.ip, requestId: request.id, userAgent: request.headers['user-agent'] };
}

export function staffPasswordResetRoutes(fastify: FastifyInstance, identity: StaffIdentity): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/staff/password-reset',
    { schema: { hide: true, body: staffPasswordResetRequestSchema } },
    async (request) => {
      await identity.requestStaffPasswordReset(request.body, meta(request));
      return { ok: true };
    },
  );

  app.post(
    '/staff/password-reset/confirm',
    { schema: { hide: true, body: staffPasswordResetConfirmSchema } },
    async (request) => {
      await identity.confirmStaffPasswordReset(request.body, meta(request));
      return { ok: true };
    },
  );
}
