import { topics, type Emitter, type SessionsRevokedEvent } from './pubsub';

export type FeedChange = 'created' | 'updated';

/** What a notification or provider message event carries to the subscribers. */
export interface FeedEvent {
  customerId: string;
  id: string;
  change: FeedChange;
}

/**
 * Publishes changes to the GraphQL subscriptions of the customer they belong to, on the emitter
 * that Mercurius' subscriptions read (the composition root hands both the same one), so
 * services never import the GraphQL layer.
 */
export class Events {
  constructor(private readonly emitter: Pick<Emitter, 'emit'>) {}

  /** Resolves once the emitter (in process or Redis) has taken the event. */
  customerChanged(customerId: string, reason: string): Promise<void> {
    return this.emit(topics.customer(customerId), { customerId, reason });
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
    if (sessionIds.length === 0) return Promise.resolve();
    const payload: SessionsRevokedEvent = { sessionIds };
    return this.emit(topics.sessionsRevoked, payload);
  }

  private publish(topic: string, payload: FeedEvent): Promise<void> {
    return this.emit(topic, payload);
  }

  /** As Mercurius' PubSub.publish does: the message is `{ topic, payload }`. */
  private emit(topic: string, payload: unknown): Promise<void> {
    return new Promise((resolve) => {
      this.emitter.emit({ topic, payload }, () => resolve());
    });
  }
}
