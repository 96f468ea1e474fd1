import {
  PREVIOUS_APPOINTMENTS_LIMIT,
  PREVIOUS_PROVIDERS_LIMIT,
  RESCHEDULE_STATUS_SCHEDULED,
  requirementLink,
  upcomingBoundary,
  type StaffAppointmentInput,
} from '@portal/domain';
import type { Db } from '../../db/client';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { CustomerService } from '../customers/service';
import { codedError } from '../../platform/errors';
import { AvailabilityStore } from './availability-store';
import { BookingService } from './booking-service';
import type { CalendarNotifier } from './calendar-mail';
import { SlotAlternatives } from './holds-alternatives';
import { HoldStore } from './holds-store';
import { BookingStore, isSlotConflict } from './booking-store';
import { SlotStore } from './slot-store';
import { SlotService } from './slots';
import { AppointmentStore } from './store';
import type { AppointmentRow, RequirementRow, TreatmentRow } from './types';

export type { AppointmentRow };

/**
 * The appointments area: lists, follow-ups, reschedule requests, treatments, requirements and
 * the care team's bookings here; the customer's own bookings in `booking`, slots in `slots`.
 */
export class AppointmentService {
  constructor(
    private readonly store: AppointmentStore,
    /** ScheduleAdhocAppointmentV2, RescheduleAppointmentV2, CreateAsyncAppointment. */
    readonly booking: BookingService,
    /** Slot reads: GetAvailableSlots, GetAvailableAdhocSlots, CheckTimeStillAvailable. */
    readonly slots: SlotService,
    private readonly customers: CustomerService,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  private async audited(
    actor: AuditActor,
    action: string,
    entity: string,
    entityId: string | null,
    details: Record<string, unknown>,
  ) {
    await this.audit.record(actor, { action, entity, entityId, details });
  }

  /** The customer's visits for the care console; the staff overview audits its read once. */
  listForCareTeam(customerId: string) {
    return this.store.listForCustomer(
      customerId,
      upcomingBoundary(this.clock.now()),
      PREVIOUS_APPOINTMENTS_LIMIT,
    );
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

  /** Whether the follow-up is the customer's own (forms pin answers to one). */
  async ownsFollowUp(customerId: string, followUpId: string, db?: Db): Promise<boolean> {
    return this.store.ownsFollowUp(customerId, followUpId, db);
  }
}

/** Builds the service over its own stores (called by the composition root). */
export function createAppointmentService(deps: {
  db: Db;
  customers: CustomerService;
  uow: UnitOfWork;
  audit: AuditLog;
  clock: Clock;
  /** Issue 43: the booking, reschedule and cancellation mails (none when absent). */
  calendar?: CalendarNotifier;
}): AppointmentService {
  const { db, customers, uow, audit, clock } = deps;
  const store = new AppointmentStore(db);
  const slotStore = new SlotStore(db);
  const availability = new AvailabilityStore(db);
  const holds = {
    store: new HoldStore(db),
    alternatives: new SlotAlternatives(availability, slotStore),
  };
  return new AppointmentService(
    store,
    new BookingService(
      store,
      new BookingStore(db),
      slotStore,
      customers,
      uow,
      clock,
      holds,
      deps.calendar,
    ),
    new SlotService(slotStore, store, availability, clock),
    customers,
    uow,
    audit,
    clock,
  );
}
