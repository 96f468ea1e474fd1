import { randomUUID } from 'node:crypto';
import {
  bookingBlockHorizon,
  bookingBlockReason,
  canReschedule,
  isWithinWindow,
  type AppointmentLike,
  type CreateAsyncAppointmentInput,
  type RescheduleAppointmentInput,
  type ScheduleAppointmentInput,
} from '@portal/domain';
import { auditValues, type AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { codedError, type AppError } from '../../platform/errors';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { CustomerService } from '../customers/service';
import { SlotFlights, slotKey, type SlotOutcome } from './booking-flight';
import { isSlotConflict, type BookingAnswerRow, type BookingStore } from './booking-store';
import type { SlotAlternatives, TakenSlot } from './holds-alternatives';
import { HoldService } from './holds-service';
import type { HoldStore } from './holds-store';
import { licensedFor, type SlotStore } from './slot-store';
import { searchWindow } from './search-window';
import { isOnSchedule, scheduledProvider } from './slots';
import { noCalendarMail, type CalendarNotifier } from './calendar-mail';
import type { AppointmentStore } from './store';
import type { AppointmentRow, AppointmentView } from './types';

/** Only a scheduled visit can move; the others are over, cancelled or held. */
const RESCHEDULABLE_STATUS = 'scheduled';

/**
 * How many times a booking reads its facts when the customer's appointments change between its
 * read and its statement. A change that blocks ends it at once (the statement answers the
 * visits as they are then: a double click's second booking); only one that does not (the care
 * team cancelled a visit, say) is read again, so a second retry is all but unheard of.
 */
const BOOKING_ATTEMPTS = 3;

/** The customer's own visits: booking (ScheduleAdhocAppointmentV2), moving and async visits. */
export class BookingService {
  constructor(
    private readonly store: AppointmentStore,
    private readonly bookings: BookingStore,
    private readonly slotStore: SlotStore,
    private readonly customers: CustomerService,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly holds: { store: HoldStore; alternatives: SlotAlternatives },
    /** Issue 43: the mail with the calendar file, after each booking and move commits. */
    private readonly calendar: CalendarNotifier = noCalendarMail,
  ) {}

  private holdService: HoldService | undefined;

  /** Issue 46: attempts on one slot in this process, one after the other (booking-flight.ts). */
  private readonly flights = new SlotFlights();

  /**
   * A visit of this slot was cancelled elsewhere in this process (the care team's cancel,
   * calendar-cancellation.ts): no attempt here may be answered from its booking any more.
   */
  slotFreed(slot: { providerId: string; start: Date; end: Date }): void {
    this.flights.forget(slotKey(slot));
  }

  /** Issue 43: the holds of picked times (holds-service.ts). */
  get slotHolds(): HoldService {
    this.holdService ??= new HoldService(
      this.store,
      this.holds.store,
      this.slotStore,
      this.customers,
      this.holds.alternatives,
      this.uow,
      this.clock,
    );
    return this.holdService;
  }

  /** Issue 43: A102 slotTaken with the nearest free times to the taken one. */
  private slotTaken(taken: TakenSlot) {
    return this.holds.alternatives.slotTaken(taken);
  }

  /**
   * ScheduleAdhocAppointmentV2. Every failure is A102; `reason` says which. Round trips: the
   * facts (the booking's, with the provider's hours and the customer's visits; beside them
   * what CustomerService knows: the state, the active treatments, the subscription), then the
   * booking: begin, the customer's lock, one statement (insert and audit row) and commit,
   * written together (UnitOfWork.runLockedStatement). The new visit's view is built from what
   * is already in hand, not read back.
   */
  async schedule(
    customerId: string,
    input: ScheduleAppointmentInput,
    actor: AuditActor,
  ): Promise<AppointmentView> {
    return this.flights.run(slotKey(input), async (before, settle) => {
      // Someone else's visit now starts there (booked by the attempt before this one): this
      // one would only be refused by the index after its facts and its statement.
      if (
        before.taken &&
        before.customerId !== customerId &&
        before.treatmentShortId === input.treatmentShortId
      ) {
        settle(before);
        throw await this.takenBefore(customerId, input, before);
      }
      for (let attempt = 1; ; attempt += 1) {
        const booked = await this.tryToBook(customerId, input, actor, settle);
        if (booked) return this.calendar.sent('booked', booked);
        if (attempt >= BOOKING_ATTEMPTS) {
          throw new Error(`the customer's appointments changed under each of ${attempt} attempts`);
        }
      }
    });
  }

  /**
   * The answer to an attempt on a slot whose visit the attempt before it saw (SlotFlights):
   * the checks that need no database first, then A102 slotTaken with the alternatives for the
   * customer's own state (one read: CustomerService's facts, which also say whether the
   * subscription named is theirs). The customer's own visits are not read: whatever their rule
   * would say, this time is taken.
   */
  private async takenBefore(
    customerId: string,
    input: ScheduleAppointmentInput,
    before: Extract<SlotOutcome, { taken: true }>,
  ): Promise<AppError> {
    const now = this.clock.now();
    const window = searchWindow(now, {
      forReschedule: false,
      treatmentShortId: input.treatmentShortId,
    });
    if (!isWithinWindow(input.start, window)) {
      return codedError('A102', 'This time can no longer be booked.', { reason: 'outsideWindow' });
    }
    const customer = await this.customers.bookingFacts(customerId, input.subscriptionId ?? null);
    if (!customer.subscriptionOwned) {
      return codedError('A102', 'Subscription not found.', { reason: 'notFound' });
    }
    return this.slotTaken({
      providerId: input.providerId,
      start: input.start,
      treatmentId: before.treatmentId,
      state: customer.stateCode,
      window,
      viewerId: customerId,
      now,
    });
  }

  /** One booking attempt: the view, a coded error, or null when the facts moved under it. */
  private async tryToBook(
    customerId: string,
    input: ScheduleAppointmentInput,
    actor: AuditActor,
    settle: (outcome: SlotOutcome) => void,
  ): Promise<AppointmentView | null> {
    const now = this.clock.now();
    const since = bookingBlockHorizon(now);
    const subscriptionId = input.subscriptionId ?? null;
    // Side by side: the pool runs them at once, so the round trips stay two in all.
    const [facts, customer, off] = await Promise.all([
      this.bookings.bookingFacts(customerId, input, since),
      this.customers.bookingFacts(customerId, subscriptionId),
      this.slotStore.timeOffOverlaps(input.providerId, input.start, input.end),
    ]);
    const { treatment } = facts;
    if (!treatment) throw codedError('A102', 'Unknown treatment.', { reason: 'treatmentNotFound' });
    const window = searchWindow(now, { forReschedule: false, treatmentShortId: treatment.shortId });
    if (!isWithinWindow(input.start, window)) {
      throw codedError('A102', 'This time can no longer be booked.', {
        reason: 'outsideWindow',
      });
    }
    if (!facts.followUpFound) {
      throw codedError('A102', 'Follow-up not found.', { reason: 'notFound' });
    }
    if (!customer.subscriptionOwned) {
      throw codedError('A102', 'Subscription not found.', { reason: 'notFound' });
    }
    // On the provider's weekly hours, licensed for the customer's state, and not in their
    // time off (issue 41).
    const provider =
      licensedFor(facts.licenses, customer.stateCode) && !off
        ? scheduledProvider(facts.candidates, input)
        : null;
    if (!provider)
      throw codedError('A102', 'This time is not available.', { reason: 'slotUnavailable' });
    const blockedBy = (appointments: readonly AppointmentLike[]) => {
      const activeTreatmentCount = customer.activeTreatmentIds.length;
      const reason = bookingBlockReason({ appointments, activeTreatmentCount, now });
      return reason && codedError('A102', 'Booking is blocked.', { reason });
    };
    const blocked = blockedBy(facts.visits);
    if (blocked) throw blocked;

    // The rule above judged the customer's visits as read; the statement inserts only while
    // they are still those, behind the customer's lock, so a double click's second booking
    // sees the first. The slot itself is judged by the live-slot unique index: no read of the
    // slot first, a taken slot inserts nothing.
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
      subscriptionId,
      vialCount: input.vialCount ?? null,
      sequence: 0,
      createdAt: now,
      updatedAt: now,
    };
    const audit = auditValues(actor, {
      action: 'create',
      entity: 'appointment',
      entityId: row.id,
      details: {
        operation: 'ScheduleAdhocAppointmentV2',
        providerId: input.providerId,
        start: input.start.toISOString(),
        ...(input.holdId && { holdId: input.holdId }),
      },
    });
    const taken = () =>
      this.slotTaken({
        providerId: input.providerId,
        start: input.start,
        treatmentId: treatment.id,
        state: customer.stateCode,
        window,
        viewerId: customerId,
        now,
      });
    const statement = this.bookings.bookingStatement({ ...row, isAsync: false }, audit, {
      since,
      visitsKey: facts.visitsKey,
    });
    let rows: BookingAnswerRow[];
    try {
      rows = await this.uow.runLockedStatement<BookingAnswerRow>(customerId, statement);
    } catch (error) {
      // Someone's live hold or an overlapping visit: the slot claims' constraint refused it.
      if (isSlotConflict(error)) throw await taken();
      throw error;
    }
    const answer = this.bookings.parseBooking(rows);
    // Booked, or refused by the live-slot index: either way a visit now starts there. (A
    // refusal by the claims' constraint says less: it may be a hold the next attempt's
    // customer owns, so that one goes on to the database.)
    const visitThere = () =>
      settle({
        taken: true,
        customerId,
        treatmentShortId: input.treatmentShortId,
        treatmentId: treatment.id,
      });
    // A new visit has no requirements yet; its provider and treatment are in hand.
    if (answer.booked) {
      visitThere();
      return { ...row, provider, treatment, requirements: [] };
    }
    if (answer.fresh) {
      visitThere();
      throw await taken();
    }
    // The customer's visits changed before the lock: the rule judges them as they are now.
    const nowBlocked = blockedBy(answer.visits);
    if (nowBlocked) throw nowBlocked;
    return null;
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
    // The same window the reschedule search offered times from (the treatment's rule).
    const treatment = await this.store.treatmentById(current.treatmentId);
    const window = searchWindow(now, {
      forReschedule: true,
      treatmentShortId: treatment?.shortId,
    });
    if (!isWithinWindow(input.start, window)) throw vanished();
    const state = await this.customers.stateCode(customerId);
    const onSchedule = await isOnSchedule(this.slotStore, {
      ...input,
      state,
      treatmentId: current.treatmentId,
    });
    if (!onSchedule) throw vanished();
    if (await this.slotStore.timeOffOverlaps(input.providerId, input.start, input.end)) {
      throw vanished();
    }

    let moved;
    try {
      moved = await this.uow.run(
        actor,
        async ({ tx, audit }) => {
          const slot = { providerId: input.providerId, start: input.start, end: input.end };
          // Issue 43: the customer's hold gives way to the move, and lapsed holds to anyone's.
          await this.holds.store.clearForClaim(tx, { ...slot, customerId, now });
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
      if (!isSlotConflict(error)) throw error;
      throw await this.slotTaken({
        providerId: input.providerId,
        start: input.start,
        treatmentId: current.treatmentId,
        state,
        window,
        viewerId: customerId,
        now,
      });
    }
    if (!moved) throw codedError('A100', 'Appointment not found.', { reason: 'notFound' });
    // Its old time is free again: no attempt of this process may be answered from its booking.
    this.flights.forget(slotKey(current));
    return this.calendar.sent('moved', moved);
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
}
