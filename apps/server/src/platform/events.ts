import type { PubSub } from 'mercurius';
import { topics, type SessionsRevokedEvent } from './pubsub';

export type FeedChange = 'created' | 'updated';

/** What a notification or provider message event carries to the subscribers. */
export interface FeedEvent {
  customerId: string;
  id: string;
  change: FeedChange;
}

/**
 * Publishes changes to the GraphQL subscriptions of the customer they belong to. Bound to
 * Mercurius' pub/sub once it is registered, so services never import the GraphQL layer.
 */
export class Events {
  private pubsub: PubSub | undefined;

  bind(pubsub: PubSub): void {
    this.pubsub = pubsub;
  }

  /** Resolves once the emitter (in process or Redis) has taken the event. */
  customerChanged(customerId: string, reason: string): Promise<void> {
    const pubsub = this.pubsub;
    if (!pubsub) return Promise.resolve();
    return new Promise((resolve) => {
      pubsub.publish(
        { topic: topics.customer(customerId), payload: { customerId, reason } },
        resolve,
      );
    });
  }

  /**
   * A notification or provider message was created or changed. The payload carries ids only:
   * it crosses Redis as JSON, and each subscriber re-reads the row from the database (which
   * every instance shares), so what reaches the client is current and checked against its
   * token.
   */
  notificationChanged(customerId: string, id: string, change: FeedChange): Promise<void> {
    return this.publish(topics.notifications(customerId), { customerId, id, change });
  }

  providerMessageChanged(customerId: string, id: string, change: FeedChange): Promise<void> {
    return this.publish(topics.providerMessages(customerId), { customerId, id, change });
  }

  /** Sessions ended (sign-out, reset, password change, deletion…): their sockets close. */
  sessionsRevoked(sessionIds: string[]): Promise<void> {
    const pubsub = this.pubsub;
    if (!pubsub || sessionIds.length === 0) return Promise.resolve();
    const payload: SessionsRevokedEvent = { sessionIds };
    return new Promise((resolve) => {
      pubsub.publish({ topic: topics.sessionsRevoked, payload }, resolve);
    });
  }

  private publish(topic: string, payload: FeedEvent): Promise<void> {
    const pubsub = this.pubsub;
    if (!pubsub) return Promise.resolve();
    return new Promise((resolve) => {
      pubsub.publish({ topic, payload }, resolve);
    });
  }
}
