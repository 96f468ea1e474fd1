import { randomUUID } from 'node:crypto';
import {
  PREVIOUS_APPOINTMENTS_LIMIT,
  PREVIOUS_PROVIDERS_LIMIT,
  RESCHEDULE_STATUS_SCHEDULED,
  bookingBlockReason,
  bookingWindow,
  canReschedule,
  isWithinWindow,
  rescheduleWindow,
  requirementLink,
  upcomingBoundary,
  type CreateAsyncAppointmentInput,
  type RescheduleAppointmentInput,
  type ScheduleAppointmentInput,
  type StaffAppointmentInput,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { auditValues, type AuditActor, type AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { CustomerService } from '../customers/service';
import { codedError } from '../../platform/errors';
import { AvailabilityStore } from './availability-store';
import { SlotStore } from './slot-store';
import { isOnSchedule, scheduledProvider, SlotService } from './slots';
import {
  AppointmentStore,
  isSlotConflict,
  type AppointmentRow,
  type AppointmentView,
  type BookingAnswerRow,
  type RequirementRow,
  type TreatmentRow,
} from './store';

export type { AppointmentRow };

/** Only a scheduled visit can move; the others are over, cancelled or held. */
const RESCHEDULABLE_STATUS = 'scheduled';

export class AppointmentService {
  /** Slot reads: GetAvailableSlots, GetAvailableAdhocSlots, CheckTimeStillAvailable. */
  readonly slots: SlotService;

  constructor(
    private readonly store: AppointmentStore,
    private readonly slotStore: SlotStore,
    availability: AvailabilityStore,
    private readonly customers: CustomerService,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {
    this.slots = new SlotService(slotStore, store, availability, clock);
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
    const row = await this.uow.run(actor, async ({ tx, audit }) => {
      const updated = await this.store.setRescheduleStatus(
        tx,
        customerId,
        id,
        RESCHEDULE_STATUS_SCHEDULED,
        this.clock.now(),
      );
      if (updated) {
        await audit({
          action: 'update',
          entity: 'reschedule',
          entityId: id,
          details: { status: RESCHEDULE_STATUS_SCHEDULED },
        });
      }
      return updated;
    });
    if (!row) throw codedError('A100', 'Reschedule not found.', { reason: 'notFound' });
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

  /** Treatments of the customer's active subscriptions (read in `db` when given). */
  async activeTreatments(customerId: string, db?: Db) {
    const ids = await this.customers.activeTreatmentIds(customerId, db);
    return this.store.treatmentsByIds(ids, db);
  }

  /** A treatment by its short id (read in `db` when given: a unit of work's transaction). */
  treatmentByShortId(shortId: string, db?: Db): Promise<TreatmentRow | undefined> {
    return this.store.treatmentByShortId(shortId, db);
  }

  /**
   * Staff API: the care team books a visit, in the caller's unit of work, audit row included.
   * No booking window, schedule or blocking rules (the care team books past visits too); the
   * live-slot unique index still judges a provider's slot: A102 slotTaken. Undefined when the
   * treatment does not exist.
   */
  async bookForCustomer(
    customerId: string,
    input: StaffAppointmentInput,
    work: Work,
  ): Promise<AppointmentRow | undefined> {
    const treatment = await this.store.treatmentByShortId(input.treatmentShortId, work.tx);
    if (!treatment) return undefined;
    const now = this.clock.now();
    let row;
    try {
      row = await this.store.insertAppointment(work.tx, {
        customerId,
        providerId: input.providerId,
        treatmentId: treatment.id,
        start: input.start,
        end: input.end,
        status: 'scheduled',
        isAsync: input.isAsync,
        origin: 'staff',
        createdAt: now,
        updatedAt: now,
      });
    } catch (error) {
      if (isSlotConflict(error)) {
        throw codedError('A102', 'This time was just booked.', { reason: 'slotTaken' });
      }
      throw error;
    }
    const requirements = await this.store.insertRequirements(
      work.tx,
      [...new Set(input.requirements)].map((type) => ({
        appointmentId: row.id,
        type,
        link: requirementLink(type, row.id),
        createdAt: now,
      })),
    );
    await work.audit({
      action: 'create',
      entity: 'appointment',
      entityId: row.id,
      details: {
        operation: 'staffBookAppointment',
        customerId,
        providerId: row.providerId,
        start: row.start.toISOString(),
        isAsync: row.isAsync,
        requirements: requirements.map((r) => r.type),
      },
    });
    return row;
  }

  /**
   * ScheduleAdhocAppointmentV2. Every failure is A102; `reason` says which. Round trips: the
   * facts before the transaction (one statement, the provider's hours with them), then the
   * booking: begin, the customer's lock, one statement (blocking reads, insert, audit row) and
   * commit, written together (UnitOfWork.runLockedStatement). The new visit's view is built
   * from what is already in hand, not read back.
   */
  async schedule(
    customerId: string,
    input: ScheduleAppointmentInput,
    actor: AuditActor,
  ): Promise<AppointmentView> {
    const now = this.clock.now();
    const { treatment, followUpFound, subscriptionOwned, candidates } =
      await this.store.bookingFacts(customerId, input);
    if (!treatment) throw codedError('A102', 'Unknown treatment.', { reason: 'treatmentNotFound' });
    if (!isWithinWindow(input.start, bookingWindow(now))) {
      throw codedError('A102', 'This time can no longer be booked.', {
        reason: 'outsideWindow',
      });
    }
    if (!followUpFound) throw codedError('A102', 'Follow-up not found.', { reason: 'notFound' });
    if (!subscriptionOwned) {
      throw codedError('A102', 'Subscription not found.', { reason: 'notFound' });
    }
    const provider = scheduledProvider(candidates, input);
    if (!provider)
      throw codedError('A102', 'This time is not available.', { reason: 'slotUnavailable' });

    // The customer lock queues one customer's double click, so the blocking rules see the
    // first booking; it names one customer and holds nobody else up. The slot itself is judged
    // by the live-slot unique index: no read of the slot first, a taken slot inserts nothing.
    const row: AppointmentRow = {
      id: randomUUID(),
      customerId,
      providerId: input.providerId,
      treatmentId: treatment.id,
      start: input.start,
      end: input.end,
      status: 'scheduled',
      isAsync: false,
      encounterSigned: false,
      origin: input.origin ?? null,
      followUpId: input.followUpId ?? null,
      subscriptionId: input.subscriptionId ?? null,
      vialCount: input.vialCount ?? null,
      sequence: 0,
      createdAt: now,
      updatedAt: now,
    };
    const rows = await this.uow.runLockedStatement<BookingAnswerRow>(
      customerId,
      this.store.bookingStatement(
        { ...row, isAsync: false },
        auditValues(actor, {
          action: 'create',
          entity: 'appointment',
          entityId: row.id,
          details: {
            operation: 'ScheduleAdhocAppointmentV2',
            providerId: input.providerId,
            start: input.start.toISOString(),
          },
        }),
        now,
      ),
    );
    const { booked, facts } = this.store.parseBooking(rows);
    // The statement inserts only when nothing blocks; the domain rule names why it did not.
    const blocked = bookingBlockReason({
      appointments: facts.live,
      activeTreatmentCount: facts.activeTreatmentCount,
      now,
    });
    if (booked && blocked) {
      throw new Error(`booking statement booked ${row.id} although the rules say ${blocked}`);
    }
    if (blocked) throw codedError('A102', 'Booking is blocked.', { reason: blocked });
    if (!booked) throw codedError('A102', 'This time was just booked.', { reason: 'slotTaken' });
    // A new visit has no requirements yet; its provider and treatment are in hand.
    return { ...row, provider, treatment, requirements: [] };
  }

  /** RescheduleAppointmentV2: a vanished or taken slot is A102, anything else A100. */
  async moveAppointment(
    customerId: string,
    input: RescheduleAppointmentInput,
    actor: AuditActor,
  ): Promise<AppointmentView> {
    const now = this.clock.now();
    const current = await this.store.findForCustomer(customerId, input.appointmentId);
    if (!current) throw codedError('A100', 'Appointment not found.', { reason: 'notFound' });
    const eligible =
      current.status === RESCHEDULABLE_STATUS && !current.isAsync && canReschedule(current, now);
    if (!eligible || !current.treatmentId) {
      throw codedError('A100', 'This appointment can no longer be rescheduled.', {
        reason: 'notReschedulable',
      });
    }
    const vanished = () =>
      codedError('A102', 'This time is no longer available.', { reason: 'slotUnavailable' });
    if (!isWithinWindow(input.start, rescheduleWindow(now))) throw vanished();
    const state = await this.customers.stateCode(customerId);
    const onSchedule = await isOnSchedule(this.slotStore, {
      ...input,
      state,
      treatmentId: current.treatmentId,
    });
    if (!onSchedule) throw vanished();

    let moved;
    try {
      moved = await this.uow.run(
        actor,
        async ({ tx, audit }) => {
          const slot = { providerId: input.providerId, start: input.start, end: input.end };
          const row = await this.store.moveAppointment(tx, customerId, current.id, slot, now);
          if (!row) return undefined;
          await audit({
            action: 'update',
            entity: 'appointment',
            entityId: row.id,
            details: {
              operation: 'RescheduleAppointmentV2',
              from: { providerId: current.providerId, start: current.start.toISOString() },
              to: { providerId: row.providerId, start: row.start.toISOString() },
            },
          });
          return this.store.findForCustomer(customerId, row.id, tx);
        },
        { lock: customerId },
      );
    } catch (error) {
      if (isSlotConflict(error))
        throw codedError('A102', 'This time was just booked.', { reason: 'slotTaken' });
      throw error;
    }
    if (!moved) throw codedError('A100', 'Appointment not found.', { reason: 'notFound' });
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
      this.customers.stateCode(customerId),
    ]);
    if (!provider || !treatment)
      throw codedError('A103', 'Provider or treatment not found.', { reason: 'notFound' });
    const serves = await this.slotStore.providerServes(provider.id, treatment.id, state);
    if (!serves?.seesTreatment || !serves.licensed) {
      throw codedError('A103', 'This provider cannot see this treatment here.', {
        reason: 'providerUnavailable',
      });
    }
    const created = await this.uow.run(
      actor,
      async ({ tx, audit }) => {
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
        await audit({
          action: 'create',
          entity: 'appointment',
          entityId: row.id,
          details: { operation: 'CreateAsyncAppointment' },
        });
        return this.store.findForCustomer(customerId, row.id, tx);
      },
      { lock: customerId },
    );
    if (!created) throw new Error('async appointment not found');
    return created;
  }

  /**
   * Issue 15: a completed intake or a verified ID check completes the matching requirements
   * (spec 01 §3 types), in the caller's unit of work; on one appointment or on all of the
   * customer's when `appointmentId` is null.
   */
  async completeRequirements(
    customerId: string,
    types: readonly string[],
    appointmentId: string | null,
    work: Work,
  ): Promise<RequirementRow[]> {
    const rows = await this.store.completeRequirements(work.tx, customerId, types, appointmentId);
    if (rows.length > 0) {
      await work.audit({
        action: 'update',
        entity: 'appointment_requirement',
        entityId: customerId,
        details: { completed: rows.map((r) => ({ id: r.id, type: r.type })) },
      });
    }
    return rows;
  }

  /** Whether an appointment is the customer's own (a form may name it). */
  async ownsAppointment(customerId: string, appointmentId: string, db?: Db): Promise<boolean> {
    return this.store.ownsAppointment(customerId, appointmentId, db);
  }
}

/** Builds the service over its own stores (called by the composition root). */
export function createAppointmentService(deps: {
  db: Db;
  customers: CustomerService;
  uow: UnitOfWork;
  audit: AuditLog;
  clock: Clock;
}): AppointmentService {
  return new AppointmentService(
    new AppointmentStore(deps.db),
    new SlotStore(deps.db),
    new AvailabilityStore(deps.db),
    deps.customers,
    deps.uow,
    deps.audit,
    deps.clock,
  );
}
