import type { FastifyRequest } from 'fastify';
import type {
  AuthErrorCode,
  GraphQLContext,
  Services,
  SessionCheck,
  Viewer,
} from '../graphql/context';
import { TokenError, type TokenService } from '../identity/tokens';
import { bearerToken } from '../platform/bearer';

/** The token decides whose data (DESIGN.md section 4): the viewer comes only from it. */
export async function buildContext(
  tokens: TokenService,
  services: Services,
  authorization: unknown,
  meta: { ip?: string; requestId?: string },
  /** Whether the token's session still stands: a revoked session's tokens end at once. */
  stillActive?: SessionCheck,
): Promise<GraphQLContext> {
  const token = bearerToken(authorization);
  let viewer: Viewer | null = null;
  let session: GraphQLContext['session'] = null;
  let authError: AuthErrorCode | null = null;
  if (token) {
    try {
      const { claims, expiresAt } = await tokens.verifyWithExpiry('access', token);
      if (!stillActive || (await stillActive(claims.sub, claims.sid))) {
        viewer = { userId: claims.sub, role: 'customer', customerId: claims.customer_id };
        session = { id: claims.sid, expiresAt };
      } else {
        authError = 'invalid-jwt';
      }
    } catch (error) {
      authError =
        error instanceof TokenError && error.reason === 'expired' ? 'jwtExpired' : 'invalid-jwt';
    }
  } else {
    authError = 'invalid-jwt';
  }
  return {
    viewer,
    session,
    authError,
    services,
    actor: {
      type: viewer ? 'customer' : 'anonymous',
      id: viewer?.customerId ?? viewer?.userId ?? null,
      ip: meta.ip,
      requestId: meta.requestId,
    },
  };
}

export function httpContext(tokens: TokenService, services: Services, stillActive?: SessionCheck) {
  return (request: FastifyRequest) =>
    buildContext(
      tokens,
      services,
      request.headers.authorization,
      { ip: request.ip, requestId: request.id },
      stillActive,
    );
}
