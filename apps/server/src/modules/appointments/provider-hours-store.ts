import { SLOT_RELEASING_STATUSES, type WeeklyHoursBlock } from '@portal/domain';
import { and, asc, eq, gt, inArray, lt, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { providerSchedules, providerTimeOff, appointments } from '../../db/schema/appointments';
import { providers } from '../../db/schema/catalog';
import { scheduledProvider } from './slots';
import type { ProviderRow } from './types';

/*
 * Providers' hours as the care console edits them (issue 41): the weekly hours
 * (provider_schedules) and the time off (provider_time_off), and the booked visits an edit
 * would leave outside them. Availability reads time off in availability-store.ts (free()) and
 * a booking or a move checks it with SlotStore.timeOffOverlaps.
 */

export interface TimeOffRow {
  id: string;
  startsAt: Date;
  endsAt: Date;
  reason: string | null;
}

export interface ProviderHours {
  provider: ProviderRow;
  hours: WeeklyHoursBlock[];
  /** Time off that has not ended yet, soonest first. */
  timeOff: TimeOffRow[];
}

/** A booked visit an edit would leave outside the provider's hours. */
export interface StrandedVisit {
  id: string;
  start: Date;
  end: Date;
  customerId: string;
}

const live = () =>
  and(
    eq(appointments.isAsync, false),
    notInArray(appointments.status, [...SLOT_RELEASING_STATUSES]),
  );

export class ProviderHoursStore {
  constructor(private readonly db: Db) {}

  /** Every provider (or one) with weekly hours and time off not yet ended, by name. */
  async list(now: Date, providerId?: string, db: Db = this.db): Promise<ProviderHours[]> {
    const rows = await db
      .select()
      .from(providers)
      .where(providerId ? eq(providers.id, providerId) : undefined)
      .orderBy(asc(providers.displayName), asc(providers.id));
    if (rows.length === 0) return [];
    const ids = rows.map((p) => p.id);
    const [hours, timeOff] = await Promise.all([
      db
        .select()
        .from(providerSchedules)
        .where(inArray(providerSchedules.providerId, ids))
        .orderBy(asc(providerSchedules.weekday), asc(providerSchedules.startMinute)),
      db
        .select()
        .from(providerTimeOff)
        .where(and(inArray(providerTimeOff.providerId, ids), gt(providerTimeOff.endsAt, now)))
        .orderBy(asc(providerTimeOff.startsAt)),
    ]);
    return rows.map((provider) => ({
      provider,
      hours: hours
        .filter((h) => h.providerId === provider.id)
        .map(({ weekday, startMinute, endMinute }) => ({ weekday, startMinute, endMinute })),
      timeOff: timeOff
        .filter((t) => t.providerId === provider.id)
        .map(({ id, startsAt, endsAt, reason }) => ({ id, startsAt, endsAt, reason })),
    }));
  }

  /** The provider's live visits from `now` on that `keep` leaves stranded. */
  private async strandedBy(
    db: Db,
    providerId: string,
    now: Date,
    window: { from?: Date; to?: Date },
    stranded: (visit: { start: Date; end: Date }) => boolean,
  ): Promise<StrandedVisit[]> {
    const visits = await db
      .select({
        id: appointments.id,
        start: appointments.start,
        end: appointments.end,
        customerId: appointments.customerId,
      })
      .from(appointments)
      .where(
        and(
          eq(appointments.providerId, providerId),
          live(),
          gt(appointments.end, window.from && window.from > now ? window.from : now),
          window.to ? lt(appointments.start, window.to) : undefined,
        ),
      )
      .orderBy(asc(appointments.start));
    return visits.filter(stranded);
  }

  /** Booked visits from now on that the weekly hours `blocks` would no longer cover. */
  strandedByHours(
    db: Db,
    provider: ProviderRow,
    blocks: readonly WeeklyHoursBlock[],
    now: Date,
  ): Promise<StrandedVisit[]> {
    const candidates = {
      providers: [provider],
      blocks: blocks.map((b) => ({ providerId: provider.id, ...b })),
    };
    return this.strandedBy(
      db,
      provider.id,
      now,
      {},
      (visit) => scheduledProvider(candidates, visit) === null,
    );
  }

  /** Booked visits from now on that overlap [from, to). */
  strandedByTimeOff(db: Db, providerId: string, from: Date, to: Date, now: Date) {
    return this.strandedBy(db, providerId, now, { from, to }, () => true);
  }

  /** Replaces the provider's weekly hours. */
  async replaceHours(db: Db, providerId: string, blocks: readonly WeeklyHoursBlock[]) {
    await db.delete(providerSchedules).where(eq(providerSchedules.providerId, providerId));
    if (blocks.length > 0) {
      await db.insert(providerSchedules).values(blocks.map((b) => ({ providerId, ...b })));
    }
  }

  async addTimeOff(
    db: Db,
    values: { providerId: string; startsAt: Date; endsAt: Date; reason: string | null },
    createdBy: string,
  ): Promise<TimeOffRow> {
    const [row] = await db
      .insert(providerTimeOff)
      .values({ ...values, createdBy })
      .returning({
        id: providerTimeOff.id,
        startsAt: providerTimeOff.startsAt,
        endsAt: providerTimeOff.endsAt,
        reason: providerTimeOff.reason,
      });
    if (!row) throw new Error('time off not stored');
    return row;
  }

  /** Removes one of the provider's time off entries; false when there is no such entry. */
  async removeTimeOff(db: Db, providerId: string, timeOffId: string): Promise<boolean> {
    const removed = await db
      .delete(providerTimeOff)
      .where(and(eq(providerTimeOff.id, timeOffId), eq(providerTimeOff.providerId, providerId)))
      .returning({ id: providerTimeOff.id });
    return removed.length > 0;
  }
}
