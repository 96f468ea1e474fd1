import { customerParamSchema } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditActor } from '../../platform/audit';
import type { adminOnly } from './admin-only';
import type { StaffService } from './service';

/*
 * Staff API, customer tags (issue 44). Same auth, errors and audit as routes.ts; admin only,
 * because a tag changes what the portal offers the customer (the personify tag with the
 * personify_health flag is the corporate-health mode, spec 02 §6).
 *
 *   PUT /staff/customers/:customerId/tags (admin)   {tags: [name …]}
 *       Sets the customer's whole set of tags ([] clears them). A name is lower case letters,
 *       digits, - or _ (1 to 40; trimmed and lower-cased; repeats count once), at most 20.
 *       200 {tags: [sorted names]}; 404 for an unknown customer. The audit row names the
 *       field (tags), never the tags.
 */

/** A tag as the customer data names it (`personify`, `glp1`). */
const tagNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_-]{1,40}$/, { error: 'A tag is 1 to 40 letters, digits, - or _.' });

export const setTagsSchema = z.strictObject({
  tags: z
    .array(tagNameSchema)
    .max(20)
    .transform((names) => [...new Set(names)]),
});

export interface TagRouteHelpers {
  staff: StaffService;
  actorOf: (request: FastifyRequest) => AuditActor;
  /** The admin-only guard (admin-only.ts). */
  admin: ReturnType<typeof adminOnly>;
  existingCustomer: (customerId: string, reply: FastifyReply) => Promise<string | null>;
}

/** The staff-authenticated tag route, registered inside routes.ts's staff scope. */
export function tagRoutes(scope: FastifyInstance, h: TagRouteHelpers): void {
  const authed = scope.withTypeProvider<ZodTypeProvider>();

  authed.put(
    '/staff/customers/:customerId/tags',
    {
      preHandler: h.admin,
      schema: { hide: true, params: customerParamSchema, body: setTagsSchema },
    },
    async (request, reply) => {
      const customerId = await h.existingCustomer(request.params.customerId, reply);
      if (!customerId) return reply;
      const tags = await h.staff.setTags(customerId, request.body.tags, h.actorOf(request));
      return { tags };
    },
  );
}
