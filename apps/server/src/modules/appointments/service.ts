import {
  PREVIOUS_APPOINTMENTS_LIMIT,
  PREVIOUS_PROVIDERS_LIMIT,
  RESCHEDULE_STATUS_SCHEDULED,
  bookingBlockReason,
  bookingWindow,
  canReschedule,
  isWithinWindow,
  rescheduleWindow,
  upcomingBoundary,
  type CreateAsyncAppointmentInput,
  type RescheduleAppointmentInput,
  type ScheduleAppointmentInput,
  type TosConsentInput,
} from '@portal/domain';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { appointmentError } from './errors';
import type { SlotStore } from './slot-store';
import { isOnSchedule, SlotService } from './slots';
import { isSlotConflict, type AppointmentStore, type AppointmentView } from './store';

/** Only a scheduled visit can move; the others are over, cancelled or held. */
const RESCHEDULABLE_STATUS = 'scheduled';

export class AppointmentService {
  /** Slot reads: GetAvailableSlots, GetAvailableAdhocSlots, CheckTimeStillAvailable. */
  readonly slots: SlotService;

  constructor(
    private readonly store: AppointmentStore,
    private readonly slotStore: SlotStore,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {
    this.slots = new SlotService(slotStore, store, clock);
  }

  private async audited(
    actor: AuditActor,
    action: string,
    entity: string,
    entityId: string | null,
    details: Record<string, unknown>,
  ) {
    await this.audit.record(actor, { action, entity, entityId, details });
  }

  /** Spec 01 §4: upcoming after minDate (default: 30 minutes before now), previous, async. */
  async listForCustomer(customerId: string, minDate: Date | null, actor: AuditActor) {
    const boundary = minDate ?? upcomingBoundary(this.clock.now());
    const lists = await this.store.listForCustomer(
      customerId,
      boundary,
      PREVIOUS_APPOINTMENTS_LIMIT,
    );
    const ids = [...lists.upcoming, ...lists.previous, ...lists.async].map((a) => a.id);
    await this.audited(actor, 'read', 'appointment', customerId, {
      operation: 'GetAppointmentsByCustomer',
      ids,
    });
    return lists;
  }

  async followUpByAppointmentId(customerId: string, appointmentId: string, actor: AuditActor) {
    const row = await this.store.followUpByAppointmentId(customerId, appointmentId);
    if (row)
      await this.audited(actor, 'read', 'follow_up', row.followUp.id, {
        operation: 'GetFollowUpByAppointmentId',
      });
    return row ?? null;
  }

  async followUp(customerId: string, id: string, actor: AuditActor) {
    const row = await this.store.followUpById(customerId, id);
    if (row) await this.audited(actor, 'read', 'follow_up', id, { operation: 'follow_up' });
    return row ?? null;
  }

  async reschedule(customerId: string, id: string, actor: AuditActor) {
    const row = await this.store.rescheduleById(customerId, id);
    if (row) await this.audited(actor, 'read', 'reschedule', id, { operation: 'reschedule' });
    return row ?? null;
  }

  /** Spec 01 §4: the customer's own reschedule request becomes SCHEDULED; nobody else's. */
  async markRescheduleScheduled(customerId: string, id: string, actor: AuditActor) {
    const row = await this.store.setRescheduleStatus(
      customerId,
      id,
      RESCHEDULE_STATUS_SCHEDULED,
      this.clock.now(),
    );
    if (!row) throw appointmentError('A100', 'Reschedule not found.', { reason: 'notFound' });
    await this.audited(actor, 'update', 'reschedule', id, { status: RESCHEDULE_STATUS_SCHEDULED });
    return row;
  }

  async previousProviders(customerId: string, limit: number, actor: AuditActor) {
    const capped = Math.max(0, Math.min(limit, PREVIOUS_PROVIDERS_LIMIT));
    const rows = await this.store.previousProviders(customerId, this.clock.now(), capped);
    await this.audited(actor, 'read', 'appointment', customerId, {
      operation: 'GetCustomerPreviousProviders',
      providerIds: rows.map((r) => r.provider.id),
    });
    return rows;
  }

  treatmentConfigurations() {
    return this.store.treatmentConfigurations();
  }

  activeTreatments(customerId: string) {
    return this.store.activeTreatments(customerId);
  }

  /** ScheduleAdhocAppointmentV2. Every failure is A102; `reason` says which. */
  async schedule(
    customerId: string,
    input: ScheduleAppointmentInput,
    actor: AuditActor,
  ): Promise<AppointmentView> {
    const now = this.clock.now();
    const treatment = await this.store.treatmentByShortId(input.treatmentShortId);
    if (!treatment)
      throw appointmentError('A102', 'Unknown treatment.', { reason: 'treatmentNotFound' });
    if (!isWithinWindow(input.start, bookingWindow(now))) {
      throw appointmentError('A102', 'This time can no longer be booked.', {
        reason: 'outsideWindow',
      });
    }
    if (input.followUpId && !(await this.store.followUpById(customerId, input.followUpId))) {
      throw appointmentError('A102', 'Follow-up not found.', { reason: 'notFound' });
    }
    if (
      input.subscriptionId &&
      !(await this.store.ownsSubscription(customerId, input.subscriptionId))
    ) {
      throw appointmentError('A102', 'Subscription not found.', { reason: 'notFound' });
    }
    const state = await this.store.customerState(customerId);
    const onSchedule = await isOnSchedule(this.slotStore, {
      ...input,
      state,
      treatmentId: treatment.id,
    });
    if (!onSchedule)
      throw appointmentError('A102', 'This time is not available.', { reason: 'slotUnavailable' });

    let created;
    try {
      created = await this.store.inCustomerTransaction(customerId, async (tx) => {
        const [live, active] = await Promise.all([
          this.store.liveAppointments(customerId, tx),
          this.store.activeTreatments(customerId, tx),
        ]);
        const blocked = bookingBlockReason({
          appointments: live,
          activeTreatmentCount: active.length,
          now,
        });
        if (blocked) throw appointmentError('A102', 'Booking is blocked.', { reason: blocked });
        // No read of the slot first: the live-slot unique index makes this insert the judge.
        const row = await this.store.insertAppointment(tx, {
          customerId,
          providerId: input.providerId,
          treatmentId: treatment.id,
          start: input.start,
          end: input.end,
          status: 'scheduled',
          isAsync: false,
          origin: input.origin ?? null,
          followUpId: input.followUpId ?? null,
          subscriptionId: input.subscriptionId ?? null,
          vialCount: input.vialCount ?? null,
          createdAt: now,
          updatedAt: now,
        });
        return this.store.findForCustomer(customerId, row.id, tx);
      });
    } catch (error) {
      if (isSlotConflict(error)) {
        throw appointmentError('A102', 'This time was just booked.', { reason: 'slotTaken' });
      }
      throw error;
    }
    if (!created) throw new Error('booked appointment not found');
    await this.audited(actor, 'create', 'appointment', created.id, {
      operation: 'ScheduleAdhocAppointmentV2',
      providerId: created.providerId,
      start: created.start.toISOString(),
    });
    return created;
  }

  /** RescheduleAppointmentV2: a vanished or taken slot is A102, anything else A100. */
  async moveAppointment(
    customerId: string,
    input: RescheduleAppointmentInput,
    actor: AuditActor,
  ): Promise<AppointmentView> {
    const now = this.clock.now();
    const current = await this.store.findForCustomer(customerId, input.appointmentId);
    if (!current) throw appointmentError('A100', 'Appointment not found.', { reason: 'notFound' });
    const eligible =
      current.status === RESCHEDULABLE_STATUS && !current.isAsync && canReschedule(current, now);
    if (!eligible || !current.treatmentId) {
      throw appointmentError('A100', 'This appointment can no longer be rescheduled.', {
        reason: 'notReschedulable',
      });
    }
    const vanished = () =>
      appointmentError('A102', 'This time is no longer available.', { reason: 'slotUnavailable' });
    if (!isWithinWindow(input.start, rescheduleWindow(now))) throw vanished();
    const state = await this.store.customerState(customerId);
    const onSchedule = await isOnSchedule(this.slotStore, {
      ...input,
      state,
      treatmentId: current.treatmentId,
    });
    if (!onSchedule) throw vanished();

    let moved;
    try {
      moved = await this.store.inCustomerTransaction(customerId, async (tx) => {
        const slot = { providerId: input.providerId, start: input.start, end: input.end };
        const row = await this.store.moveAppointment(tx, customerId, current.id, slot, now);
        return row ? this.store.findForCustomer(customerId, row.id, tx) : undefined;
      });
    } catch (error) {
      if (isSlotConflict(error))
        throw appointmentError('A102', 'This time was just booked.', { reason: 'slotTaken' });
      throw error;
    }
    if (!moved) throw appointmentError('A100', 'Appointment not found.', { reason: 'notFound' });
    await this.audited(actor, 'update', 'appointment', moved.id, {
      operation: 'RescheduleAppointmentV2',
      from: { providerId: current.providerId, start: current.start.toISOString() },
      to: { providerId: moved.providerId, start: moved.start.toISOString() },
    });
    return moved;
  }

  /** CreateAsyncAppointment: failures are A103. */
  async createAsync(
    customerId: string,
    input: CreateAsyncAppointmentInput,
    actor: AuditActor,
  ): Promise<AppointmentView> {
    const now = this.clock.now();
    const [provider, treatment, state] = await Promise.all([
      this.slotStore.providerById(input.providerId),
      this.store.treatmentById(input.treatmentId),
      this.store.customerState(customerId),
    ]);
    if (!provider || !treatment)
      throw appointmentError('A103', 'Provider or treatment not found.', { reason: 'notFound' });
    const serves = await this.slotStore.providerServes(provider.id, treatment.id, state);
    if (!serves?.seesTreatment || !serves.licensed) {
      throw appointmentError('A103', 'This provider cannot see this treatment here.', {
        reason: 'providerUnavailable',
      });
    }
    const created = await this.store.inCustomerTransaction(customerId, async (tx) => {
      const row = await this.store.insertAppointment(tx, {
        customerId,
        providerId: provider.id,
        treatmentId: treatment.id,
        start: now,
        end: new Date(now.getTime() + provider.visitMinutes * 60_000),
        status: 'scheduled',
        isAsync: true,
        createdAt: now,
        updatedAt: now,
      });
      return this.store.findForCustomer(customerId, row.id, tx);
    });
    if (!created) throw new Error('async appointment not found');
    await this.audited(actor, 'create', 'appointment', created.id, {
      operation: 'CreateAsyncAppointment',
    });
    return created;
  }

  async consentsAndPreferences(customerId: string, actor: AuditActor) {
    const result = await this.store.consentsAndPreferences(customerId);
    await this.audited(actor, 'read', 'consent', customerId, { operation: 'customer_consent' });
    return result;
  }

  /** Upsert TOS consent and the marketing email preference; affected_rows counts both. */
  async saveTosAndMarketing(customerId: string, input: TosConsentInput, actor: AuditActor) {
    const affectedRows = await this.store.upsertTosAndMarketing(
      customerId,
      input.tosStatus,
      input.marketingContentStatus,
      this.clock.now(),
    );
    await this.audited(actor, 'update', 'consent', customerId, {
      tosStatus: input.tosStatus,
      marketing: input.marketingContentStatus,
    });
    return affectedRows;
  }
}
