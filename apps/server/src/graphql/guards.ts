import { z } from 'zod';
import type { GraphQLContext } from './context';
import { codedError } from '../platform/errors';

/**
 * The customer the access token names (DESIGN.md section 4: the token decides whose data).
 * A signed-in user with no customer record gets C108, the spec's empty-account code; a
 * `customerId` argument that names anyone else gets FORBIDDEN. The one customer guard.
 */
export function requireCustomer(ctx: GraphQLContext, customerId?: string | number | null): string {
  const own = ctx.viewer?.customerId;
  if (!own) throw codedError('C108', 'Account information cannot be retrieved.');
  if (customerId != null && String(customerId) !== own) {
    throw codedError('FORBIDDEN', 'Not your customer record.');
  }
  return own;
}

/**
 * Arguments through their zod schema from `@portal/domain` (STYLE.md rule 5); bad input is
 * the operation's spec code with one message key per field, and nothing runs.
 */
export function parseArgs<S extends z.ZodType>(
  schema: S,
  input: unknown,
  code = 'BAD_USER_INPUT',
): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = Object.fromEntries(
    result.error.issues.map((i) => [i.path.join('.') || 'input', i.message]),
  );
  throw codedError(code, 'Invalid input.', { fields });
}

const uuid = z.uuid();

export const isUuid = (value: string | number): boolean => uuid.safeParse(String(value)).success;

/**
 * An id argument must be a UUID; anything else is bad input (and never reaches SQL, where it
 * would fail as a cast error).
 */
export function uuidArg(value: string | number, field: string): string {
  if (!isUuid(value)) {
    throw codedError('BAD_USER_INPUT', `${field} is not a valid id.`, {
      fields: { [field]: 'invalid' },
    });
  }
  return String(value);
}
