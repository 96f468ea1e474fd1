import { holdExpiry, isWithinWindow, type HoldAppointmentSlotInput } from '@portal/domain';
import type { AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { searchWindow } from './search-window';
import { codedError } from '../../platform/errors';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { CustomerService } from '../customers/service';
import type { SlotAlternatives } from './holds-alternatives';
import { isOverlapConflict, type HoldRow, type HoldStore } from './holds-store';
import type { SlotStore } from './slot-store';
import { providerOnSchedule } from './slots';
import type { AppointmentStore } from './store';

/**
 * Issue 43: a picked time held for the customer for five minutes (SLOT_HOLD_MINUTES). The hold
 * is a claim beside booked visits under one exclusion constraint, so a time held by someone
 * else cannot be held or booked; a customer's new hold replaces their previous one, and their
 * booking of the held time always succeeds while the hold is live.
 */
export class HoldService {
  constructor(
    private readonly store: AppointmentStore,
    private readonly holds: HoldStore,
    private readonly slotStore: SlotStore,
    private readonly customers: CustomerService,
    private readonly alternatives: SlotAlternatives,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** Holds the time; A102 (slotTaken, with the nearest free times) when it is gone. */
  async hold(
    customerId: string,
    input: HoldAppointmentSlotInput,
    actor: AuditActor,
  ): Promise<HoldRow> {
    const now = this.clock.now();
    const [treatment, state, current] = await Promise.all([
      this.store.treatmentByShortId(input.treatmentShortId),
      this.customers.stateCode(customerId),
      input.appointmentId ? this.store.findForCustomer(customerId, input.appointmentId) : null,
    ]);
    if (!treatment) throw codedError('A102', 'Unknown treatment.', { reason: 'treatmentNotFound' });
    if (input.appointmentId && !current) {
      throw codedError('A102', 'Appointment not found.', { reason: 'notFound' });
    }
    const window = searchWindow(now, {
      forReschedule: Boolean(input.appointmentId),
      treatmentShortId: input.treatmentShortId,
    });
    if (!isWithinWindow(input.start, window)) {
      throw codedError('A102', 'This time can no longer be booked.', { reason: 'outsideWindow' });
    }
    const [provider, off] = await Promise.all([
      providerOnSchedule(this.slotStore, { ...input, state, treatmentId: treatment.id }),
      this.slotStore.timeOffOverlaps(input.providerId, input.start, input.end),
    ]);
    if (!provider || off) {
      throw codedError('A102', 'This time is not available.', { reason: 'slotUnavailable' });
    }
    try {
      return await this.uow.run(
        actor,
        async ({ tx, audit }) => {
          const hold = await this.holds.insertHold(tx, {
            customerId,
            providerId: input.providerId,
            start: input.start,
            end: input.end,
            expiresAt: holdExpiry(now),
            now,
          });
          await audit({
            action: 'create',
            entity: 'slot_hold',
            entityId: hold.id,
            details: { providerId: hold.providerId, start: hold.start.toISOString() },
          });
          return hold;
        },
        { lock: customerId },
      );
    } catch (error) {
      if (!isOverlapConflict(error)) throw error;
      throw await this.alternatives.slotTaken({
        providerId: input.providerId,
        start: input.start,
        treatmentId: treatment.id,
        state,
        window,
        viewerId: customerId,
        now,
      });
    }
  }

  /** Gives the customer's own hold back; false when it is not theirs or already gone. */
  release(customerId: string, id: string): Promise<boolean> {
    return this.holds.release(customerId, id);
  }
}
