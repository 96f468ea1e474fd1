import mqemitter, { type MQEmitter } from 'mqemitter';
import type mqemitterRedis from 'mqemitter-redis';
import { lazyPackage } from './lazy-package';

export type Emitter = MQEmitter;

/** mqemitter-redis and ioredis (about 75 ms of CPU to load) load only when REDIS_URL is set. */
const redisEmitter = lazyPackage<typeof mqemitterRedis>('mqemitter-redis');

/**
 * The emitter behind GraphQL subscriptions: in process by default; through Redis when
 * REDIS_URL is set, so an event published on one instance reaches clients of every instance.
 */
export function createEmitter(redisUrl: string | undefined): Emitter {
  if (!redisUrl) return mqemitter();
  return redisEmitter()({ connectionString: redisUrl });
}

/** Closes an emitter (a Redis one's connections with it). */
export function closeEmitter(emitter: Emitter): Promise<void> {
  return new Promise((resolve) => {
    emitter.close(() => resolve());
  });
}

export const topics = {
  customer: (customerId: string) => `customer/${customerId}`,
  notifications: (customerId: string) => `customer/${customerId}/notifications`,
  providerMessages: (customerId: string) => `customer/${customerId}/provider-messages`,
  /** What only the care team hears about a patient (a queue item claimed): issue 41. */
  staffCustomer: (customerId: string) => `staff/customer/${customerId}`,
  /** Ended sessions: every instance closes their websockets (payload: { sessionIds }). */
  sessionsRevoked: 'sessions/revoked',
} as const;

export interface SessionsRevokedEvent {
  sessionIds: string[];
}
