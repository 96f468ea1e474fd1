import {
  defaultPreferenceEnabled,
  isLockedCategory,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_PREFERENCE_CATEGORIES,
  type ConsentType,
  type NotificationChannel,
  type NotificationPreferenceCategory,
  type PreferenceStatus,
  type TosConsentInput,
  type UpdateNotificationPreferenceInput,
} from '@portal/domain';
import { codedError } from '../../platform/errors';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { DeliveryPolicy } from '../../platform/mail';
import type { UrlSigner } from '../../platform/signed-urls';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { Db } from '../../db/client';
import { PreferenceStore } from './store';

/**
 * Consents and notification preferences (spec 01 §4 terms consent, spec 02 §3 notification
 * preference). Issue "Account" grows the preference screens on this module.
 */
/** How the preferences module finds the customer a mail or text goes to. */
export interface RecipientLookup {
  customerIdByEmail(email: string): Promise<string | null>;
  customerIdByPhone(phone: string): Promise<string | null>;
}

/** One cell of the category × channel grid. */
export interface PreferenceCell {
  category: NotificationPreferenceCategory;
  channel: NotificationChannel;
  enabled: boolean;
  /** Transactional: always on, the screen says why. */
  locked: boolean;
}

/** An unsubscribe link stays good for a year (RFC 8058 links are followed long after). */
const UNSUBSCRIBE_TTL_S = 365 * 24 * 60 * 60;
export const UNSUBSCRIBE_PATH = '/unsubscribe';

const statusOf = (enabled: boolean): PreferenceStatus => (enabled ? 'subscribed' : 'unsubscribed');

export class PreferenceService implements DeliveryPolicy {
  constructor(
    private readonly store: PreferenceStore,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly recipients: RecipientLookup,
    private readonly signer: UrlSigner,
    private readonly publicUrl: string,
  ) {}

  /**
   * Whether the customer has a kind of notification on for a channel (their choice, else the
   * default); for other modules such as the weight reminder job. Not audited here.
   */
  async enabled(
    customerId: string,
    category: NotificationPreferenceCategory,
    channel: NotificationChannel,
  ): Promise<boolean> {
    if (isLockedCategory(category)) return true;
    const row = await this.store.preference(customerId, category, channel);
    return row ? row.status === 'subscribed' : defaultPreferenceEnabled(category, channel);
  }

  /** The grid of the preferences screen: every category on every channel. */
  async grid(customerId: string, actor: AuditActor): Promise<PreferenceCell[]> {
    const { preferences } = await this.store.consentsAndPreferences(customerId);
    await this.audit.record(actor, {
      action: 'read',
      entity: 'notification_preference',
      entityId: customerId,
      details: { operation: 'notificationPreferences' },
    });
    return NOTIFICATION_PREFERENCE_CATEGORIES.flatMap((category) =>
      NOTIFICATION_CHANNELS.map((channel) => {
        const locked = isLockedCategory(category);
        const row = preferences.find((p) => p.type === category && p.channel === channel);
        const enabled =
          locked ||
          (row ? row.status === 'subscribed' : defaultPreferenceEnabled(category, channel));
        return { category, channel, enabled, locked };
      }),
    );
  }

  /** One cell; transactional cannot be switched off (C101, reason transactional). */
  async set(
    customerId: string,
    input: UpdateNotificationPreferenceInput,
    actor: AuditActor,
  ): Promise<PreferenceCell> {
    if (isLockedCategory(input.category)) {
      throw codedError('C101', 'Transactional messages cannot be switched off.', {
        reason: 'transactional',
      });
    }
    const now = this.clock.now();
    await this.uow.run(actor, async ({ tx, audit }) => {
      await this.store.upsertPreference(
        tx,
        customerId,
        { type: input.category, channel: input.channel, status: statusOf(input.enabled) },
        now,
      );
      await audit({
        action: 'update',
        entity: 'notification_preference',
        entityId: customerId,
        details: { ...input },
      });
    });
    return { ...input, locked: false };
  }

  // --- DeliveryPolicy: the mail and text gates ask here before anything goes out ---

  async allows(
    to: string,
    category: NotificationPreferenceCategory,
    channel: NotificationChannel,
  ): Promise<boolean> {
    if (isLockedCategory(category)) return true;
    const customerId =
      channel === 'email'
        ? await this.recipients.customerIdByEmail(to)
        : await this.recipients.customerIdByPhone(to);
    // Not a customer (a referral invitee): nothing was opted into, so only what they asked for.
    if (!customerId) return category !== 'Marketing';
    return this.enabled(customerId, category, channel);
  }

  async unsubscribeUrl(
    to: string,
    category: NotificationPreferenceCategory,
    channel: NotificationChannel,
  ): Promise<string | null> {
    if (isLockedCategory(category)) return null;
    const customerId = await this.recipients.customerIdByEmail(to);
    if (!customerId) return null;
    const expires = Math.floor(this.clock.now().getTime() / 1000) + UNSUBSCRIBE_TTL_S;
    const path = `${UNSUBSCRIBE_PATH}/${category}/${channel}`;
    return `${this.publicUrl}${this.signer.sign({ path, customerId, expires })}`;
  }

  /** RFC 8058 one-click: a valid signed link switches that category off; false when not valid. */
  async unsubscribe(
    path: string,
    query: Record<string, unknown>,
    meta: { ip?: string; requestId?: string },
  ): Promise<boolean> {
    const check = this.signer.verify(path, query, this.clock.now());
    if (!check.ok) return false;
    const [, , category, channel] = path.split('/');
    const cat = NOTIFICATION_PREFERENCE_CATEGORIES.find((c) => c === category);
    const chan = NOTIFICATION_CHANNELS.find((c) => c === channel);
    if (!cat || !chan || isLockedCategory(cat)) return false;
    await this.set(
      check.parts.customerId,
      { category: cat, channel: chan, enabled: false },
      { type: 'customer', id: check.parts.customerId, ...meta },
    );
    return true;
  }

  /** Account deletion, in its unit of work: preferences are erased (consents are kept). */
  async eraseFor(customerId: string, work: Work): Promise<void> {
    await this.store.in(work.tx).deleteAll(customerId);
  }

  async consentsAndPreferences(customerId: string, actor: AuditActor) {
    const result = await this.store.consentsAndPreferences(customerId);
    await this.audit.record(actor, {
      action: 'read',
      entity: 'consent',
      entityId: customerId,
      details: { operation: 'customer_consent' },
    });
    return result;
  }

  /** Upsert TOS consent and the marketing email preference together; affected_rows counts both. */
  saveTosAndMarketing(customerId: string, input: TosConsentInput, actor: AuditActor) {
    const now = this.clock.now();
    return this.uow.run(actor, async ({ tx, audit }) => {
      const consent = await this.store.upsertConsent(
        tx,
        customerId,
        'TOS' satisfies ConsentType,
        input.tosStatus,
        now,
      );
      const marketing = await this.store.upsertPreference(
        tx,
        customerId,
        {
          type: 'Marketing' satisfies NotificationPreferenceCategory,
          channel: 'email' satisfies NotificationChannel,
          status: input.marketingContentStatus,
        },
        now,
      );
      await audit({
        action: 'update',
        entity: 'consent',
        entityId: customerId,
        details: { tosStatus: input.tosStatus, marketing: input.marketingContentStatus },
      });
      return consent + marketing;
    });
  }
}

/** Builds the service over its own store (called by the composition root). */
export function createPreferenceService(deps: {
  db: Db;
  uow: UnitOfWork;
  audit: AuditLog;
  clock: Clock;
  recipients: RecipientLookup;
  signer: UrlSigner;
  publicUrl: string;
}): PreferenceService {
  return new PreferenceService(
    new PreferenceStore(deps.db),
    deps.uow,
    deps.audit,
    deps.clock,
    deps.recipients,
    deps.signer,
    deps.publicUrl,
  );
}
