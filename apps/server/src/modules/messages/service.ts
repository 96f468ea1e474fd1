import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { Db } from '../../db/client';
import { codedError } from '../../platform/errors';
import type { NotificationService } from '../notifications/service';
import { sanitizeProviderHtml } from './sanitize';
import { sectionNameHasMarkup, splitSections } from './sections';
import {
  MessageStore,
  type MessageRow,
  type MessageWithProvider,
  type ProviderRow,
  type TemplateRow,
} from './store';

export type { MessageRow, TemplateRow };

export interface NewProviderMessage {
  customerId: string;
  type: string;
  /** As sent; stored sanitized (see create()), the original kept apart. */
  html: string;
  providerId?: string | undefined;
  templateUsedId?: string | undefined;
  sentByUserId?: string | null | undefined;
}

export class MessageService {
  constructor(
    private readonly store: MessageStore,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly events: Events,
    private readonly notifications: NotificationService,
  ) {}

  /** The customer's messages for the care console; the staff overview audits its read once. */
  listForCareTeam(customerId: string): Promise<MessageWithProvider[]> {
    return this.store.listForCustomer(customerId);
  }

  /** getProviderMessages: the customer's own messages, newest first; audited. */
  async list(customerId: string, actor: AuditActor): Promise<MessageWithProvider[]> {
    const rows = await this.store.listForCustomer(customerId);
    await this.audit.record(actor, {
      action: 'read',
      entity: 'provider_message',
      entityId: customerId,
      details: { operation: 'getProviderMessages', ids: rows.map((r) => r.id) },
    });
    return rows;
  }

  /** One own message (what a subscription event re-reads); audited. */
  async findOwn(
    customerId: string,
    id: string,
    actor: AuditActor,
  ): Promise<MessageWithProvider | undefined> {
    const row = await this.store.findOwn(customerId, id);
    if (row) {
      await this.audit.record(actor, {
        action: 'read',
        entity: 'provider_message',
        entityId: id,
        details: { operation: 'providerMessagesChanged' },
      });
    }
    return row;
  }

  /**
   * updateProviderMessageRead: read time set to now (spec 01 §4), on an own message only;
   * undefined (not found) for another customer's id or none.
   */
  async markRead(
    customerId: string,
    id: string,
    actor: AuditActor,
  ): Promise<MessageWithProvider | undefined> {
    const notices = await this.uow.run(actor, async (work) => {
      if (!(await this.store.in(work.tx).markRead(customerId, id, this.clock.now()))) {
        return undefined;
      }
      await work.audit({
        action: 'update',
        entity: 'provider_message',
        entityId: id,
        details: { operation: 'updateProviderMessageRead' },
      });
      return this.notifications.readNoticesOfMessage(customerId, id, work);
    });
    if (!notices) return undefined;
    await this.events.providerMessageChanged(customerId, id, 'updated');
    for (const notice of notices) await this.notifications.published(notice, 'updated');
    return this.store.findOwn(customerId, id);
  }

  /** getProviderMessageTypes: the messaging templates with their type descriptions. */
  types(): Promise<TemplateRow[]> {
    return this.store.templates();
  }

  /** Staff API: a messaging template (a type and its description). */
  async createTemplate(type: string, description: string, actor: AuditActor): Promise<TemplateRow> {
    return this.uow.run(actor, async ({ tx, audit }) => {
      const row = await this.store.in(tx).insertTemplate({ type, description });
      await audit({
        action: 'create',
        entity: 'provider_message_template',
        entityId: row.id,
        // Field names, never their values (issue 41).
        details: { customerId: null, fields: ['type', 'description'] },
      });
      return row;
    });
  }

  /** getProvidersByUserIds: providers whose sign-in user is one of these. */
  providersByUserIds(userIds: readonly string[]): Promise<ProviderRow[]> {
    return this.store.providersByUserIds(userIds);
  }

  /**
   * Stores a message from the care team (staff API) as part of the caller's unit of work,
   * audit row included; the caller publishes the event after the commit.
   *
   * The HTML is sanitized here, at the source (issue 17), so every client of the data API
   * gets safe HTML, not only the web app (which sanitizes again where it shows it); what the
   * care team sent is kept apart in original_message for the record and never served.
   */
  async create(input: NewProviderMessage, work: Work): Promise<MessageRow> {
    if (splitSections(input.html).some((section) => sectionNameHasMarkup(section.name))) {
      throw codedError('invalid-input', 'A section name must be plain text.', {
        fields: { html: 'sectionNameMarkup' },
      });
    }
    const store = this.store.in(work.tx);
    // A message posted by a provider's own account is from that provider unless one is named.
    const providerId =
      input.providerId ??
      (input.sentByUserId ? (await store.providerForUser(input.sentByUserId))?.id : undefined);
    const row = await store.insert({
      customerId: input.customerId,
      type: input.type,
      message: sanitizeProviderHtml(input.html),
      originalMessage: input.html,
      providerId: providerId ?? null,
      templateUsedId: input.templateUsedId ?? null,
      sentByUserId: input.sentByUserId ?? null,
      createdAt: this.clock.now(),
    });
    await work.audit({
      action: 'create',
      entity: 'provider_message',
      entityId: row.id,
      details: { customerId: row.customerId, type: row.type },
    });
    return row;
  }

  /** Publishes a created or changed message to its customer's subscriptions. */
  published(row: MessageRow, change: 'created' | 'updated'): Promise<void> {
    return this.events.providerMessageChanged(row.customerId, row.id, change);
  }
}

/** Builds the service over its own store (called by the composition root). */
export function createMessageService(deps: {
  db: Db;
  uow: UnitOfWork;
  audit: AuditLog;
  clock: Clock;
  events: Events;
  notifications: NotificationService;
}): MessageService {
  return new MessageService(
    new MessageStore(deps.db),
    deps.uow,
    deps.audit,
    deps.clock,
    deps.events,
    deps.notifications,
  );
}
