import {
  NOTIFICATION_TYPE,
  type CreateCustomerActionInput,
  type CreateNotificationInput,
  type CreateSubscriptionInput,
  type PostMessageInput,
  type ShippingAddressInput,
  type StaffAppointmentInput,
} from '@portal/domain';
import type { AuditActor } from '../../platform/audit';
import type { Events } from '../../platform/events';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { AppointmentRow, AppointmentService } from '../appointments/service';
import type { CustomerActionRecord, CustomerActionService } from '../customers/actions-service';
import type { AddressRow, CustomerService, SubscriptionRow } from '../customers/service';
import type { FlagService } from '../flags/service';
import type { FormService } from '../forms/service';
import type { IdVerificationService } from '../forms/id-verification';
import type { MessageRow, MessageService, TemplateRow } from '../messages/service';
import type { NotificationRow, NotificationService } from '../notifications/service';
import type { LabService } from '../labs/service';
import type { WeightService } from '../weight/service';
import type { PrescriptionService } from '../prescriptions/service';
import type { SduiService } from '../sdui/service';
import type { ReferralService } from '../referrals/service';
import type { BulkService } from '../bulk/service';
import type { BillingService } from '../billing/service';
import type { MarketingService } from '../preferences/marketing';
import type { QueueService } from './queue-service';
import { StaffTreatmentRecords } from './treatment-records';
import { PatientReadModel } from './patient-read';
import { StaffProviderHours } from './provider-hours';
import type { ProviderHoursService } from '../appointments/provider-hours';
import { givenFields, runStaffAction } from './staff-audit';

export interface StaffServiceDeps {
  uow: UnitOfWork;
  events: Events;
  customers: CustomerService;
  customerActions: CustomerActionService;
  appointments: AppointmentService;
  messages: MessageService;
  notifications: NotificationService;
  flags: FlagService;
  sdui: SduiService;
  prescriptions: PrescriptionService;
  labs: LabService;
  referrals: ReferralService;
  weight: WeightService;
  forms: FormService;
  idVerification: IdVerificationService;
  bulk: BulkService;
  marketing: MarketingService;
  /** The care queue and its claims (queue-service.ts). */
  queue: QueueService;
  /** The patient page's invoices, charges and plan names (patient-read.ts). */
  billing: BillingService;
  /** Providers' weekly hours and time off (provider-hours.ts). */
  providerHours: ProviderHoursService;
}

/** What the care team does, through the services that own each area. */
export class StaffService {
  /** Prescriptions, shipments, carrier events and lab results (treatment-records.ts). */
  readonly treatment: StaffTreatmentRecords;
  /** Starting-weight change requests the provider team decides (weight-routes.ts). */
  readonly weight: WeightService;
  /** Care tasks from forms and ID check decisions (forms-routes.ts). */
  readonly forms: FormService;
  readonly idVerification: IdVerificationService;
  /** Bulk order approvals and paid-but-not-completed actions (bulk-routes.ts). */
  readonly bulk: BulkService;
  /** Marketing announcements through the preference-gated mailer (marketing-routes.ts). */
  readonly marketing: MarketingService;
  /** The care queue and its claims (queue-routes.ts). */
  readonly queue: QueueService;
  /** The patient page's reads: search, overview, audit trail (patient-routes.ts). */
  readonly patients: PatientReadModel;
  /** Providers' weekly hours and time off, edited by an admin (provider-hours-routes.ts). */
  readonly providerHours: StaffProviderHours;
  /** The live updates a patient page follows (patient-stream-route.ts). */
  readonly events: Events;

  constructor(private readonly deps: StaffServiceDeps) {
    this.events = deps.events;
    this.treatment = new StaffTreatmentRecords(deps);
    this.weight = deps.weight;
    this.forms = deps.forms;
    this.idVerification = deps.idVerification;
    this.bulk = deps.bulk;
    this.marketing = deps.marketing;
    this.queue = deps.queue;
    this.patients = new PatientReadModel(deps);
    this.providerHours = new StaffProviderHours({
      uow: deps.uow,
      hours: deps.providerHours,
      customers: deps.customers,
    });
  }

  /**
   * Posts a message, and the notification pointing at it when asked, in one unit of work;
   * events go out after the commit, so a subscriber's re-read finds the rows.
   */
  async postMessage(
    customerId: string,
    input: PostMessageInput,
    actor: AuditActor,
    sentByUserId: string | null,
  ): Promise<{ message: MessageRow; notification: NotificationRow | null }> {
    const { uow, messages, notifications } = this.deps;
    const audit = { customerId, fields: givenFields(input) };
    const result = await runStaffAction(uow, actor, audit, async (work) => {
      const message = await messages.create(
        {
          customerId,
          type: input.type,
          html: input.html,
          providerId: input.providerId,
          templateUsedId: input.templateUsedId,
          sentByUserId,
        },
        work,
      );
      const notification = input.notify
        ? await notifications.create(
            {
              customerId,
              type: NOTIFICATION_TYPE.providerMessage,
              title: input.notify.title,
              message: input.notify.message ?? null,
              severity: input.notify.severity,
              action: { label: input.notify.actionLabel, url: `/messages/${message.id}` },
              metadata: { messageId: message.id },
            },
            work,
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
    const { uow, notifications } = this.deps;
    const audit = { customerId, fields: givenFields(input) };
    const row = await runStaffAction(uow, actor, audit, (work) =>
      notifications.create(
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
        work,
      ),
    );
    await notifications.published(row, 'created');
    return row;
  }

  /** A customer action (a bulk order to pay, a form to fill in), pending unless said. */
  createCustomerAction(
    customerId: string,
    input: CreateCustomerActionInput,
    actor: AuditActor,
  ): Promise<CustomerActionRecord> {
    const { uow, customerActions } = this.deps;
    const audit = { customerId, fields: givenFields(input) };
    return runStaffAction(uow, actor, audit, (work) =>
      customerActions.create(customerId, input, work),
    );
  }

  async setFlag(
    name: string,
    customerId: string | null,
    enabled: boolean,
    actor: AuditActor,
  ): Promise<void> {
    await this.deps.flags.setFlag(name, customerId, enabled, actor);
    if (customerId) await this.deps.events.customerChanged(customerId, 'flags');
  }

  async setModules(
    surface: 'home' | 'account',
    customerId: string | null,
    modules: string[],
    actor: AuditActor,
  ): Promise<void> {
    await this.deps.sdui.setModules(surface, customerId, modules, actor);
    if (customerId) await this.deps.events.customerChanged(customerId, 'modules');
  }

  createTemplate(type: string, description: string, actor: AuditActor): Promise<TemplateRow> {
    return this.deps.messages.createTemplate(type, description, actor);
  }

  /** Records the customer's shipping address; the lock queues two upserts for one customer. */
  async setShippingAddress(
    customerId: string,
    input: ShippingAddressInput,
    actor: AuditActor,
  ): Promise<AddressRow> {
    const { uow, customers, events } = this.deps;
    const row = await runStaffAction(
      uow,
      actor,
      { customerId, fields: givenFields(input) },
      (work) => customers.setShippingAddress(customerId, input, work),
      { lock: customerId },
    );
    await events.customerChanged(customerId, 'address');
    return row;
  }

  /** A subscription to a treatment; undefined when the treatment does not exist. */
  async createSubscription(
    customerId: string,
    input: CreateSubscriptionInput,
    actor: AuditActor,
  ): Promise<SubscriptionRow | undefined> {
    const { uow, customers, appointments, events } = this.deps;
    const audit = { customerId, fields: givenFields(input) };
    const row = await runStaffAction(uow, actor, audit, async (work) => {
      const treatment = await appointments.treatmentByShortId(input.treatmentShortId, work.tx);
      if (!treatment) return undefined;
      return customers.createSubscription(
        customerId,
        { treatmentId: treatment.id, status: input.status },
        work,
      );
    });
    if (row) await events.customerChanged(customerId, 'subscriptions');
    return row;
  }

  /**
   * Books a visit for the customer at any time (AppointmentService.bookForCustomer says what is
   * and is not checked); undefined when the treatment does not exist.
   */
  async bookAppointment(
    customerId: string,
    input: StaffAppointmentInput,
    actor: AuditActor,
  ): Promise<AppointmentRow | undefined> {
    const { uow, appointments, events } = this.deps;
    const audit = { customerId, fields: givenFields(input) };
    const row = await runStaffAction(uow, actor, audit, (work) =>
      appointments.bookForCustomer(customerId, input, work),
    );
    if (row) await events.customerChanged(customerId, 'appointments');
    return row;
  }

  /**
   * The referee paid a first invoice (until billing calls it): their referral earns the
   * referrer the credit; undefined when they signed up through no referral.
   */
  async completeReferralFor(refereeCustomerId: string, actor: AuditActor) {
    const { uow, referrals, events } = this.deps;
    // No body: the action names the patient and changes no field the staff member typed.
    const audit = { customerId: refereeCustomerId, fields: [] };
    const row = await runStaffAction(uow, actor, audit, (work) =>
      referrals.completeReferralFor(refereeCustomerId, work),
    );
    if (row) await events.customerChanged(row.referrerCustomerId, 'referrals');
    return row;
  }

  /** Replaces the customer's tags (tag-routes.ts); the lock queues two edits of one customer. */
  async setTags(customerId: string, tags: readonly string[], actor: AuditActor) {
    const { uow, customers, events } = this.deps;
    const audit = { customerId, fields: ['tags'] };
    const saved = await runStaffAction(
      uow,
      actor,
      audit,
      (work) => customers.replaceTags(customerId, tags, work),
      { lock: customerId },
    );
    await events.customerChanged(customerId, 'tags');
    return saved;
  }

  /** Whether a customer record exists (checked before writing for one). */
  customerExists(customerId: string): Promise<boolean> {
    return this.deps.customers.exists(customerId);
  }
}
