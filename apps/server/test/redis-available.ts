import net from 'node:net';
import { buildApp, type App } from '../src/app';
import type { Database } from '../src/db/client';
import type { SigningKeys } from '../src/identity/keys';
import { IdentityRateLimiter } from '../src/identity/rate-limits';
import type { TestClock } from '../src/platform/clock';
import { testConfig } from './harness';
import type { Reachable } from './messaging-helpers';

/** The Redis the Redis suites use: TEST_REDIS_URL, else the local default. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether something answers at the Redis address, so suites can say plainly when it does not. */
export function redisAnswers(url = TEST_REDIS_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * One server instance on a shared database, signing keys and clock, listening on a free port;
 * with `redisUrl` its live-update pub/sub goes through Redis, as instances behind a load
 * balancer do. `url` is what the helpers need.
 */
export async function startInstance(
  database: Database,
  keys: SigningKeys,
  clock: TestClock,
  redisUrl: string | undefined,
): Promise<App & Reachable> {
  const config = testConfig(redisUrl ? { REDIS_URL: redisUrl } : {});
  const app = await buildApp({
    config,
    database,
    clock,
    keys,
    webDist: '/nonexistent',
    // These instances test live updates and sessions across Redis, not the identity limits
    // (rate-limits-redis.int.test.ts does, from fresh addresses): their sign-ins all come from
    // 127.0.0.1 and would otherwise spend one machine-wide budget in Redis (30 per 15 min),
    // shared by the unit and postgres stages and by any other run within the window.
    identityLimiter: new IdentityRateLimiter(),
  });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { ...app, url: `http://127.0.0.1:${port}` };
}
