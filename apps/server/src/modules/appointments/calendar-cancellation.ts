import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments } from '../../db/schema/appointments';
import type { AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { CalendarNotifier } from './calendar-mail';
import type { AppointmentRow } from './types';

/**
 * Issue 43: the care team cancels a scheduled visit. The status becomes cancelled and the
 * calendar SEQUENCE goes up in one statement (the slot's claim goes with it: the trigger on
 * appointments); after the commit the customer gets the METHOD:CANCEL mail, so their calendar
 * drops the event. Undefined when the visit is not the customer's or is no longer scheduled.
 */
export class VisitCancellation {
  constructor(
    private readonly deps: {
      db: Db;
      uow: UnitOfWork;
      clock: Clock;
      calendar: CalendarNotifier;
      /** Told of a cancelled visit's slot after the commit (BookingService.slotFreed). */
      slotFreed?: (slot: { providerId: string; start: Date; end: Date }) => void;
    },
  ) {}

  async cancel(
    customerId: string,
    appointmentId: string,
    actor: AuditActor,
  ): Promise<AppointmentRow | undefined> {
    const now = this.deps.clock.now();
    const row = await this.deps.uow.run(
      actor,
      async ({ tx, audit }) => {
        const [cancelled] = await tx
          .update(appointments)
          .set({
            status: 'cancelled',
            sequence: sql`${appointments.sequence} + 1`,
            updatedAt: now,
          })
          .where(
            and(
              eq(appointments.id, appointmentId),
              eq(appointments.customerId, customerId),
              eq(appointments.status, 'scheduled'),
            ),
          )
          .returning();
        if (cancelled) {
          await audit({
            action: 'update',
            entity: 'appointment',
            entityId: cancelled.id,
            details: { operation: 'cancelAppointment', customerId, sequence: cancelled.sequence },
          });
        }
        return cancelled;
      },
      { lock: customerId },
    );
    if (!row) return undefined;
    this.deps.slotFreed?.(row);
    return this.deps.calendar.sent('cancelled', row);
  }

  /**
   * The care team booked a visit (StaffService.bookAppointment, committed): the customer gets
   * the same booking mail and calendar file as after booking it themselves. Not for an async
   * visit (no time to put in a calendar, as the patient's own) nor one already begun (the care
   * team records past visits too).
   */
  async booked<T extends AppointmentRow>(row: T): Promise<T> {
    if (row.isAsync || row.start.getTime() <= this.deps.clock.now().getTime()) return row;
    return this.deps.calendar.sent('booked', row);
  }
}
