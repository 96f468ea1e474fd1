import mqemitter from 'mqemitter';
import mqemitterRedis from 'mqemitter-redis';

/**
 * The emitter behind GraphQL subscriptions: in process by default; through Redis when
 * REDIS_URL is set, so an event published on one instance reaches clients of every instance.
 */
export function createEmitter(redisUrl: string | undefined) {
  if (!redisUrl) return mqemitter();
  return mqemitterRedis({ connectionString: redisUrl });
}

export const topics = {
  customer: (customerId: string) => `customer/${customerId}`,
  notifications: (customerId: string) => `customer/${customerId}/notifications`,
  providerMessages: (customerId: string) => `customer/${customerId}/provider-messages`,
  /** Ended sessions: every instance closes their websockets (payload: { sessionIds }). */
  sessionsRevoked: 'sessions/revoked',
} as const;

export interface SessionsRevokedEvent {
  sessionIds: string[];
}
