import type { PubSub } from 'mercurius';
import { topics } from './pubsub';

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
}
