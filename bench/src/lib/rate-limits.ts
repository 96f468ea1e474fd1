import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IdentityLimiter } from '../../../apps/server/src/identity/rate-limits';

/**
 * The identity limiter, never limiting: every attempt may go on. Load from one address at
 * many sign-ins per second would otherwise be refused after 30.
 */
export const unlimitedIdentityLimiter: IdentityLimiter = { check: () => Promise.resolve(0) };

const RAN_DESCRIPTION = 'fastify.request.rateLimitRan';

function findRanSymbol(request: FastifyRequest): symbol | undefined {
  for (let o: object | null = request; o; o = Object.getPrototypeOf(o) as object | null) {
    const found = Object.getOwnPropertySymbols(o).find((s) => s.description === RAN_DESCRIPTION);
    if (found) return found;
  }
  return undefined;
}

/**
 * The app registers @fastify/rate-limit for every route: 600 requests a minute per client
 * address, which load from 127.0.0.1 passes in seconds. The plugin skips a request it has
 * already checked (a request decorator symbol); a root onRequest hook, which runs before the
 * plugin's route-level hook, marks every request as checked. Call before listen().
 */
export function bypassGlobalRateLimit(app: FastifyInstance): void {
  let ran: symbol | undefined;
  app.addHook('onRequest', (request, _reply, done) => {
    ran ??= findRanSymbol(request);
    if (!ran) {
      done(new Error(`bench: @fastify/rate-limit marker "${RAN_DESCRIPTION}" not found`));
      return;
    }
    (request as unknown as Record<symbol, boolean>)[ran] = true;
    done();
  });
}
