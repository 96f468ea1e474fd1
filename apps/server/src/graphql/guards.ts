import { z } from 'zod';
import type { GraphQLContext } from './context';
import { codedError } from './errors';

/**
 * The customer the access token names (DESIGN.md section 4: the token decides whose data).
 * A signed-in user with no customer record gets C108, the spec's empty-account code.
 */
export function ownCustomerId(ctx: GraphQLContext): string {
  const customerId = ctx.viewer?.customerId;
  if (!customerId) throw codedError('C108', 'Account information cannot be retrieved.');
  return customerId;
}

const uuid = z.uuid();

/**
 * An id argument must be a UUID; anything else is bad input (and never reaches SQL, where it
 * would fail as a cast error).
 */
export function uuidArg(value: string | number, field: string): string {
  const result = uuid.safeParse(String(value));
  if (!result.success) {
    throw codedError('BAD_USER_INPUT', `${field} is not a valid id.`, { [field]: 'invalid' });
  }
  return result.data;
}
