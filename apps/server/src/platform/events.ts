import type { Message } from 'mqemitter';
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
/** What the care console's stream of one patient hears (issue 41): ids and kinds, no PHI. */
export interface PatientStreamEvent {
  kind: string;
  id?: string;
}

/** A payload's field as text, or the fallback when it is not a string. */
const word = (value: unknown, fallback: string): string =>
  typeof value === 'string' ? value : fallback;

export class Events {
  constructor(private readonly emitter: Pick<Emitter, 'emit' | 'on' | 'removeListener'>) {}

  /** Something only the care team sees changed about a patient (a queue item claimed). */
  staffCustomerChanged(customerId: string, kind: string): Promise<void> {
    return this.emit(topics.staffCustomer(customerId), { customerId, kind });
  }

  /**
   * Every change about one patient, for the care console (issue 41): the customer's own
   * topics and the staff topic, each turned into a kind and maybe an id. Resolves, once
   * listening, with the function that stops.
   */
  async watchPatient(
    customerId: string,
    onEvent: (event: PatientStreamEvent) => void,
  ): Promise<() => Promise<void>> {
    const subscriptions: [string, (payload: Record<string, unknown>) => PatientStreamEvent][] = [
      [topics.customer(customerId), (p) => ({ kind: word(p.reason, 'customer') })],
      [topics.notifications(customerId), (p) => ({ kind: 'notifications', id: word(p.id, '') })],
      [topics.providerMessages(customerId), (p) => ({ kind: 'messages', id: word(p.id, '') })],
      [topics.staffCustomer(customerId), (p) => ({ kind: word(p.kind, 'staff') })],
    ];
    const listeners = subscriptions.map(([topic, toEvent]) => {
      const listener = (message: Message, done: () => void) => {
        const payload: unknown = (message as { payload?: unknown }).payload;
        onEvent(toEvent((payload ?? {}) as Record<string, unknown>));
        done();
      };
      return [topic, listener] as const;
    });
    await Promise.all(
      listeners.map(
        ([topic, listener]) =>
          new Promise<void>((resolve) => {
            this.emitter.on(topic, listener, () => resolve());
          }),
      ),
    );
    return () =>
      Promise.all(
        listeners.map(
          ([topic, listener]) =>
            new Promise<void>((resolve) => {
              this.emitter.removeListener(topic, listener, () => resolve());
            }),
        ),
      ).then(() => undefined);
  }

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
