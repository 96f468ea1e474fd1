import type { AuditActor } from '../../platform/audit';
import type { Services } from '../../services';
import type { MessageRow, TemplateRow } from '../messages/store';
import type { NotificationRow } from '../notifications/store';
import type { CreateNotificationInput, PostMessageInput } from './inputs';

/** What the care team does, through the services that own each area. */
export class StaffService {
  constructor(private readonly services: Services) {}

  /**
   * Posts a message, and the notification pointing at it when asked, in one transaction;
   * events go out after the commit, so a subscriber's re-read finds the rows.
   */
  async postMessage(
    customerId: string,
    input: PostMessageInput,
    actor: AuditActor,
    sentByUserId: string | null,
  ): Promise<{ message: MessageRow; notification: NotificationRow | null }> {
    const { messages, notifications } = this.services;
    const result = await this.services.db.transaction(async (tx) => {
      const message = await messages.create(
        {
          customerId,
          type: input.type,
          html: input.html,
          providerId: input.providerId,
          templateUsedId: input.templateUsedId,
          sentByUserId,
        },
        actor,
        tx,
      );
      const notification = input.notify
        ? await notifications.create(
            {
              customerId,
              type: 'provider_message_received_v1',
              title: input.notify.title,
              message: input.notify.message ?? null,
              severity: input.notify.severity,
              action: { label: input.notify.actionLabel, url: `/messages/${message.id}` },
              metadata: { messageId: message.id },
            },
            actor,
            tx,
          )
        : null;
      return { message, notification };
    });
    await messages.published(result.message, 'created');
    if (result.notification) await notifications.published(result.notification, 'created');
    return result;
  }

  async createNotification(
    customerId: string,
    input: CreateNotificationInput,
    actor: AuditActor,
  ): Promise<NotificationRow> {
    const row = await this.services.notifications.create(
      {
        customerId,
        type: input.type,
        title: input.title,
        message: input.message ?? null,
        description: input.description ?? null,
        severity: input.severity,
        status: input.status,
        shortId: input.shortId ?? null,
        action: input.action ?? null,
        metadata: input.metadata,
        showAfter: input.showAfter ?? null,
        expireAt: input.expireAt ?? null,
        date: input.date,
      },
      actor,
    );
    await this.services.notifications.published(row, 'created');
    return row;
  }

  async setFlag(
    name: string,
    customerId: string | null,
    enabled: boolean,
    actor: AuditActor,
  ): Promise<void> {
    await this.services.flags.setFlag(name, customerId, enabled);
    await this.services.audit.record(actor, {
      action: 'update',
      entity: 'feature_flag',
      entityId: name,
      details: { customerId, enabled },
    });
    if (customerId) await this.services.events.customerChanged(customerId, 'flags');
  }

  async setModules(
    surface: 'home' | 'account',
    customerId: string | null,
    modules: string[],
    actor: AuditActor,
  ): Promise<void> {
    await this.services.sdui.setModules(surface, customerId, modules, actor);
    if (customerId) await this.services.events.customerChanged(customerId, 'modules');
  }

  createTemplate(type: string, description: string, actor: AuditActor): Promise<TemplateRow> {
    return this.services.messages.createTemplate(type, description, actor);
  }
}
