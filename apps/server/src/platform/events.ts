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

  async customerChanged(customerId: string, reason: string): Promise<void> {
    await this.pubsub?.publish({
      topic: topics.customer(customerId),
      payload: { customerId, reason },
    });
  }
}
